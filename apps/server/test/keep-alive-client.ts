import net from 'node:net';

export interface Answer {
  status: number;
  /** The Connection header, lower-cased; undefined when absent. */
  connection: string | undefined;
  body: string;
}

export interface KeepAliveClient {
  /** Complete answers read so far, in order. */
  answers: Answer[];
  /**
   * Resolves when the connection has closed: with undefined when every request sent was answered
   * in good form, otherwise with what went wrong (a reset, the end of the stream, a bad answer).
   */
  done: Promise<string | undefined>;
}

/**
 * One keep-alive HTTP/1.1 connection that sends `request` again as soon as each answer is
 * complete, as a busy client does, so that under load its next request is already waiting in the
 * server's socket buffer. It stops sending once an answer says `Connection: close` and, as
 * HTTP/1.1 asks of a client, never writes to a connection the server has ended.
 */
export function keepAliveClient(port: number, request: string): KeepAliveClient {
  const socket = net.connect(port, '127.0.0.1');
  const answers: Answer[] = [];
  let sent = 0;
  let pending = Buffer.alloc(0);
  let told = false;
  let malformed: string | undefined;
  let reset: string | undefined;

  const send = () => {
    sent += 1;
    socket.write(request);
  };

  /** Takes every complete answer off the front of `pending`. */
  const readAnswers = () => {
    for (;;) {
      const headEnd = pending.indexOf('\r\n\r\n');
      if (headEnd < 0) {
        return;
      }
      const [statusLine = '', ...lines] = pending.subarray(0, headEnd).toString().split('\r\n');
      const headers = new Map(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const length = Number(headers.get('content-length'));
      if (!Number.isInteger(length)) {
        malformed = `an answer without Content-Length: ${statusLine}`;
        socket.destroy();
        return;
      }
      const end = headEnd + 4 + length;
      if (pending.length < end) {
        return;
      }
      answers.push({
        status: Number(statusLine.split(' ')[1]),
        connection: headers.get('connection')?.toLowerCase(),
        body: pending.subarray(headEnd + 4, end).toString(),
      });
      pending = pending.subarray(end);
      told ||= answers.at(-1)?.connection === 'close';
    }
  };

  socket.on('connect', send);
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    const before = answers.length;
    readAnswers();
    // The next request goes out after the server's end, if any, has been seen with this data.
    if (answers.length > before && !told && answers.length === sent) {
      setImmediate(() => {
        if (!socket.readableEnded && !socket.destroyed) {
          send();
        }
      });
    }
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    reset ??= error.code ?? error.message;
  });
  const done = new Promise<string | undefined>((resolve) => {
    socket.on('close', () => {
      const unanswered = answers.length < sent;
      resolve(malformed ?? (unanswered ? (reset ?? 'the connection ended unanswered') : undefined));
    });
  });
  return { answers, done };
}
