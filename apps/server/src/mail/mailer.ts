import fs from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

import type { Metrics } from '../lib/metrics';
import type { EmailContent } from './templates';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface Mailer {
  send: (to: string, content: EmailContent) => Promise<void>;
  close: () => void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  /** Where the outbox prints each email for a person to read; stdout by default. */
  print?: (text: string) => void;
  /**
   * Whether the outbox prints emails, links and secrets included. Only outside production
   * (NODE_ENV) by default: a production log must not hold working links (ADR 0013).
   */
  printEmails?: boolean;
}

/** An address as log lines show it: enough to tell mails apart, not to harvest addresses. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) {
    return '***';
  }
  return `${address.charAt(0)}***${address.slice(at)}`;
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox: each message is written as an .eml file to
 * DATA_DIR/outbox/ and, outside production, its text, with every link on its own line, is
 * printed to the log so the embedded default needs no mail server. Log lines mask addresses.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(to, content) {
        const info = await transport.sendMail({ from, to, ...content });
        logger.info(
          { to: maskEmail(to), subject: content.subject, messageId: info.messageId },
          'email sent',
        );
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(dataDir, 'outbox');
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const printEmails = options.printEmails ?? process.env.NODE_ENV !== 'production';
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(to, content) {
      const info = await transport.sendMail({ from, to, ...content });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/[^\w@.+-]/g, '_')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      // The file's name holds the address: the log names the folder only.
      logger.info(
        { to: maskEmail(to), subject: content.subject, outbox },
        'email written to outbox',
      );
      if (printEmails) {
        print(
          `\n--- Email to ${to}: ${content.subject} ---\n${content.text}\n--- end of email ---\n\n`,
        );
      }
    },
    close: () => transport.close(),
  };
}

/**
 * The mailer the app uses, counting each email sent or failed (ADR 0035), whichever mailer
 * sends it (SMTP, the outbox, or a test's).
 */
export function countingMailer(mailer: Mailer, metrics: Pick<Metrics, 'emailSent'>): Mailer {
  return {
    async send(to, content) {
      try {
        await mailer.send(to, content);
      } catch (error) {
        metrics.emailSent('failed');
        throw error;
      }
      metrics.emailSent('sent');
    },
    close: () => mailer.close(),
  };
}
