import fs from 'node:fs';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { tempDir } from '../../test/helpers';
import { startSmtpListener } from '../../test/smtp-listener';
import { createMailer, maskEmail } from './mailer';
import { verificationEmail } from './templates';

const logger = pino({ level: 'silent' });
const link = 'http://localhost:3000/verify-email?userId=abc123def456&secret=s3cr3t-s3cr3t-s3cr3t-1';

describe('createMailer over SMTP', () => {
  let listener: Awaited<ReturnType<typeof startSmtpListener>> | undefined;
  afterEach(() => listener?.close());

  it('delivers the HTML and text versions to the SMTP server', async () => {
    listener = await startSmtpListener();
    const received = listener.messages;

    const mailer = createMailer({
      smtpUrl: listener.url,
      from: 'Daywise <no-reply@daywise.test>',
      dataDir: tempDir(),
      logger,
    });
    await mailer.send('ada@example.com', verificationEmail(link));
    mailer.close();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.subject).toBe('Verify your email for Daywise');
    expect(mail?.to).toMatchObject({ text: 'ada@example.com' });
    expect(mail?.from?.text).toContain('no-reply@daywise.test');
    expect(mail?.text?.split('\n')).toContain(link);
    expect(mail?.html).toContain(`href="${link.replace('&', '&amp;')}"`);
  });
});

describe('createMailer without SMTP (the outbox)', () => {
  it('writes an .eml file to DATA_DIR/outbox and prints each link on its own line', async () => {
    const dataDir = tempDir();
    const printed: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Daywise <no-reply@daywise.test>',
      dataDir,
      logger,
      print: (text) => printed.push(text),
    });
    await mailer.send('ada@example.com', verificationEmail(link));

    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ada@example\.com\.eml$/);
    const mail = await simpleParser(fs.readFileSync(path.join(dataDir, 'outbox', files[0]!)));
    expect(mail.subject).toBe('Verify your email for Daywise');
    expect(printed.join('').split('\n')).toContain(link);
  });
});

describe('what the mailer logs', () => {
  it('prints no email in production, and masks addresses in its log lines', async () => {
    const lines: string[] = [];
    const captured = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const printed: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Daywise <no-reply@daywise.test>',
      dataDir: tempDir(),
      logger: captured,
      print: (text) => printed.push(text),
      printEmails: false,
    });
    await mailer.send('ada@example.com', verificationEmail(link));
    expect(printed).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines.join('')).toContain('a***@example.com');
    expect(lines.join('')).not.toContain('ada@example.com');
    expect(lines.join('')).not.toContain('s3cr3t');
  });

  it('masks an address to its first letter and domain', () => {
    expect(maskEmail('grace.hopper@navy.example')).toBe('g***@navy.example');
    expect(maskEmail('nonsense')).toBe('***');
  });
});
