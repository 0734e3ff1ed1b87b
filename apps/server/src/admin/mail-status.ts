import type { Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** What became of this instance's latest emails, for the admin page (ADR 0039). */
    mailStatus: MailStatus;
  }
}

export interface MailStatus {
  lastSentAt: string | null;
  lastFailedAt: string | null;
}

/** `mailer`, noting in `status` when an email last went out and when one last failed. */
export function recordingMailer(mailer: Mailer, status: MailStatus, now: () => Date): Mailer {
  return {
    async send(to, content) {
      try {
        await mailer.send(to, content);
      } catch (error) {
        status.lastFailedAt = now().toISOString();
        throw error;
      }
      status.lastSentAt = now().toISOString();
    },
    close: () => mailer.close(),
  };
}
