import type { Config } from '../config';

/** Whether `email` is one of the instance's administrators (ADMIN_EMAILS). */
export function isAdminEmail(config: Pick<Config, 'adminEmails'>, email: string): boolean {
  return config.adminEmails.includes(email.trim().toLowerCase());
}
