import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type MailServer = {
  url: string;
  received: ParsedMail[];
  /** Waits for a message to the address and returns it, parsed. */
  nextMailTo(address: string): Promise<ParsedMail>;
  close(): Promise<void>;
};

const addressesOf = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address ?? ''));

/** A real SMTP server on loopback that the app's server delivers to, started by the test. */
export async function startMailServer(): Promise<MailServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMailTo(address) {
      let found: ParsedMail | undefined;
      await expect
        .poll(
          () => {
            found = received.find((mail) => addressesOf(mail).includes(address));
            return found !== undefined;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      if (!found) throw new Error(`no mail to ${address}`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
