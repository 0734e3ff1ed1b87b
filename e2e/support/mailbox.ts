import type { AddressInfo } from 'node:net';

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP listener that keeps every message it receives, for tests to open and click. */
export class Mailbox {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly messages: ParsedMail[],
  ) {}

  static async start(): Promise<Mailbox> {
    const messages: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new Mailbox(server, (server.server.address() as AddressInfo).port, messages);
  }

  /** The newest message to `address`, waiting up to `timeoutMs` for it to arrive. */
  async latestTo(address: string, timeoutMs = 10_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .filter((mail) => mail.to && JSON.stringify(mail.to).includes(address))
        .at(-1);
      if (found) {
        return found;
      }
      if (Date.now() > deadline) {
        throw new Error(`No email to ${address} arrived within ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
