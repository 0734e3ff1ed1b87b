import type { Kysely } from 'kysely';
import webpush from 'web-push';

import type { Config } from '../config';
import { keptAppSetting } from '../db/app-settings';
import type { Database } from '../db/schema';

const KEY = 'vapid_keys';

export interface VapidDetails {
  /** Who runs this server, for push services to reach: an https: URL or a mailto: address. */
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The key pair that signs push requests, kept like the auth secret (auth/secret.ts): the
 * configured pair when set; otherwise one made on first start and kept in the database as one
 * value, so that every instance sharing a PostgreSQL database signs with the same pair and the
 * browsers' subscriptions, made with its public key, keep working across restarts.
 */
export async function resolveVapidKeys(
  db: Kysely<Database>,
  configured: Config['vapidKeys'],
): Promise<{ publicKey: string; privateKey: string }> {
  if (configured) {
    return configured;
  }
  const kept = await keptAppSetting(db, KEY, () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(kept) as { publicKey: string; privateKey: string };
}

/**
 * The VAPID subject: the site's address when it is public https (Apple's push service refuses
 * localhost), else the sender address of our emails.
 */
export function vapidSubject(config: Pick<Config, 'appUrl' | 'mailFrom'>): string {
  const url = new URL(config.appUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') {
    return url.origin;
  }
  const address = /<([^<>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.trim()}`;
}
