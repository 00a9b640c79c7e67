import { type SmtpTestServer, startSmtpTestServer } from '@maaler/test-support/smtp-test-server';
import { test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server';

export type OwnMailServer = { readonly server: OwnServer; readonly mail: SmtpTestServer };

/**
 * For the calling file's tests: a real SMTP server and a server of their own that sends through it,
 * started before the first test and stopped after the last. Its fields are there inside the tests.
 */
export function ownServerWithMail(): OwnMailServer {
  let server: OwnServer | undefined;
  let mail: SmtpTestServer | undefined;
  test.beforeAll(async () => {
    // The built server's start on a busy machine takes more than a hook's default time.
    test.setTimeout(90_000);
    mail = await startSmtpTestServer();
    // Sent every half second, so a test waits no longer than that for its message.
    server = await startOwnServer({ SMTP_URL: mail.url, MAIL_SEND_INTERVAL_SECONDS: '0.5' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await mail?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the own server and its SMTP server start in beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get mail() {
      return started(mail);
    },
  };
}
