import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server received. */
export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 (`port`, default any free one) keeping what it receives; `url` is the server's SMTP_URL. */
export async function startInbox(port = 0): Promise<{ inbox: Mail[]; url: string; close: () => Promise<void> }> {
  const inbox: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  const actual = (smtp.server.address() as { port: number }).port;
  return { inbox, url: `smtp://127.0.0.1:${actual}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
