import { httpRequest, loginOver } from '@maaler/test-support/http-client';
import { startSmtpTestServer } from '@maaler/test-support/smtp-test-server';
import { DEMO_PASSWORD } from '../../apps/api/src/startup/demo/demo-data.ts';
import { startApiOn } from './api-under-test.ts';
import { createBenchStore, type DatabaseKind } from './bench-store.ts';

/** What the invitations bench measured (issue 35, ADR 044). */
export type InvitationFigures = {
  kind: DatabaseKind;
  meters: number;
  /** `Send invitationer`'s one call: links issued and invitations written to the outbox per second. */
  queuedPerSecond: number;
  queueSeconds: number;
  /** From the first message the SMTP server accepted to the last. */
  sentPerSecond: number;
  /** Tree reads at once, each connection one request after another. */
  treeReadConnections: number;
  treeReadP99Quiet: number;
  treeReadP99DuringSend: number;
  treeReads: { quiet: number; duringSend: number };
};

const METERS = 10_000;
const TREE_READ_CONNECTIONS = 10;
const QUIET_SECONDS = 10;
const SEND_TIMEOUT_MS = 30 * 60_000;
const WRITE_ACCOUNT = 'Søparken afdeling 2';
const READ_ACCOUNT = 'Søparken afdeling 1';

const pad = (n: number) => String(n).padStart(5, '0');
const p99 = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0) * 10) / 10;
};

async function accountId(baseUrl: string, token: string, name: string): Promise<string> {
  const accounts = (
    await httpRequest(baseUrl, { method: 'GET', path: '/api/account/loadlistbycurrentuser/v2/9', token })
  ).body as { guid: string; name: string }[];
  const account = accounts.find((candidate) => candidate.name === name);
  if (!account) throw new Error(`the demo has no ${name}`);
  return account.guid;
}

/** Tree reads over `connections` connections, each one request after another, until `until` says stop; their latencies in ms. */
async function treeReads(
  baseUrl: string,
  token: string,
  path: string,
  connections: number,
  until: () => boolean,
): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!until()) {
        const started = performance.now();
        const answer = await httpRequest(baseUrl, { method: 'GET', path, token });
        latencies.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`tree read answered ${answer.status}`);
      }
    }),
  );
  return latencies;
}

/** A generated account: 10,000 meters, each with a resident e-mail, imported through the real import. */
async function importMeters(base: string, admin: string, account: string): Promise<void> {
  const lines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Beboer;Beboer e-mail'];
  for (let m = 0; m < METERS; m++) {
    lines.push(
      `Invitationsvej ${Math.floor(m / 50)};;Måler ${pad(m)};INV-${pad(m)};Vand;Volumen;m³;Beboer ${m};beboer-${pad(m)}@eksempel.dk`,
    );
  }
  const imported = await httpRequest(base, {
    method: 'POST',
    path: `/api/admin/import/${account}/meters?mode=apply`,
    token: admin,
    body: { format: 'csv', data: Buffer.from(`${lines.join('\r\n')}\r\n`).toString('base64') },
    timeoutMs: 600_000,
  });
  if (imported.status !== 200) throw new Error(`the meter import answered ${imported.status}`);
}

/**
 * 10,000 meters with a resident e-mail, imported; one `Send invitationer` call queues their
 * invitations (ADR 043, ADR 044) on a server without SMTP_URL, while 10 connections read a small
 * account's tree (kunde@) for the quiet figure; then a server with SMTP_URL sends them to the tests'
 * SMTP server on loopback while the same 10 connections read the tree. Reports invitations queued and
 * sent per second and the tree read's p99 without and during the send.
 */
export async function measureInvitations(
  kind: DatabaseKind,
  log: (line: string) => void,
  postgresUrl?: string,
): Promise<InvitationFigures> {
  const store = await createBenchStore(kind, postgresUrl);
  const smtp = await startSmtpTestServer();
  try {
    // Queue phase: no SMTP_URL, so the outbox only fills.
    const queuing = await startApiOn(store);
    const base = queuing.server.baseUrl;
    const admin = await loginOver(base, 'admin@eksempel.dk', DEMO_PASSWORD);
    const writeAccount = await accountId(base, admin, WRITE_ACCOUNT);
    log(`  importing ${METERS} meters with resident e-mails`);
    await importMeters(base, admin, writeAccount);

    log('  queuing their invitations through Send invitationer');
    const queueStarted = performance.now();
    const sent = await httpRequest(base, {
      method: 'POST',
      path: `/api/admin/selfreading/invitations/${writeAccount}`,
      token: admin,
      timeoutMs: 600_000,
    });
    const queueSeconds = (performance.now() - queueStarted) / 1000;
    if (sent.status !== 200) throw new Error(`Send invitationer answered ${sent.status}`);
    const invited = (sent.body as { Sent: number }).Sent;
    if (invited !== METERS) throw new Error(`Send invitationer queued ${invited} of ${METERS}`);
    const queuedPerSecond = Math.round(invited / queueSeconds);
    log(`  queued ${METERS} in ${queueSeconds.toFixed(1)} s: ${queuedPerSecond} invitations/s`);

    const reader = await loginOver(base, 'kunde@eksempel.dk', DEMO_PASSWORD);
    const readPath = `/api/gateway/loadlistsimple/${await accountId(base, reader, READ_ACCOUNT)}`;
    const quietUntil = performance.now() + QUIET_SECONDS * 1000;
    const quiet = await treeReads(
      base,
      reader,
      readPath,
      TREE_READ_CONNECTIONS,
      () => performance.now() > quietUntil,
    );
    queuing.server.signal('SIGTERM');
    await queuing.server.exited;

    // Send phase: the same data, now with SMTP_URL; the sender drains every second.
    const sending = await startApiOn(store, { SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_SECONDS: '1' });
    const sendBase = sending.server.baseUrl;
    const sendReader = await loginOver(sendBase, 'kunde@eksempel.dk', DEMO_PASSWORD);
    const deadline = performance.now() + SEND_TIMEOUT_MS;
    let first: number | undefined;
    let last = 0;
    const during = await treeReads(sendBase, sendReader, readPath, TREE_READ_CONNECTIONS, () => {
      const now = performance.now();
      if (now > deadline) throw new Error(`only ${smtp.received.length} sent in time`);
      if (smtp.received.length > 0) first ??= now;
      if (smtp.received.length < METERS) return false;
      last ||= now;
      return true;
    });
    const sentPerSecond = Math.round((METERS - 1) / ((last - (first ?? last)) / 1000));
    sending.server.signal('SIGTERM');
    await sending.server.exited;
    if (smtp.received.length !== METERS)
      throw new Error(`the SMTP server took ${smtp.received.length} messages`);
    const figures: InvitationFigures = {
      kind,
      meters: METERS,
      queuedPerSecond,
      queueSeconds: Math.round(queueSeconds * 10) / 10,
      sentPerSecond,
      treeReadConnections: TREE_READ_CONNECTIONS,
      treeReadP99Quiet: p99(quiet),
      treeReadP99DuringSend: p99(during),
      treeReads: { quiet: quiet.length, duringSend: during.length },
    };
    log(
      `  sent ${sentPerSecond} invitations/s over ${smtp.connections()} SMTP connections; tree read p99 (${TREE_READ_CONNECTIONS} connections) ${figures.treeReadP99Quiet} ms quiet, ${figures.treeReadP99DuringSend} ms during the send`,
    );
    return figures;
  } finally {
    await smtp.close();
    await store.dispose();
  }
}
