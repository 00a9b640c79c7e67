import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpTestServer = {
  url: string;
  /** Every message accepted, parsed, in order of arrival. */
  received: ParsedMail[];
  /** The next `count` messages are refused with a 451 (a server in trouble). */
  refuseNext(count: number): void;
  /** How many messages were refused so far. */
  refused(): number;
  /** How many SMTP connections clients opened so far. */
  connections(): number;
  /** Waits for a message to the address (30 s at the most) and returns it, parsed. */
  nextMailTo(address: string): Promise<ParsedMail>;
  close(): Promise<void>;
};

const MAIL_TIMEOUT_MS = 30_000;

const addressesOf = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address ?? ''));

/**
 * A real SMTP server on loopback that keeps what it accepts, for the outbox's tests and for the
 * browser tests' own server to deliver to.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  let toRefuse = 0;
  let refusedCount = 0;
  let connectionCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connectionCount += 1;
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          refusedCount += 1;
          const error = Object.assign(new Error('Prøv igen senere'), { responseCode: 451 });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      toRefuse = count;
    },
    refused: () => refusedCount,
    connections: () => connectionCount,
    async nextMailTo(address) {
      const deadline = Date.now() + MAIL_TIMEOUT_MS;
      for (;;) {
        const found = received.find((mail) => addressesOf(mail).includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${MAIL_TIMEOUT_MS} ms`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
