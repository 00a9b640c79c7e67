import { httpRequest, loginOver } from '@maaler/test-support/http-client';
import { DEMO_PASSWORD } from '../../apps/api/src/startup/demo/demo-data.ts';
import { startApiOn } from './api-under-test.ts';
import { createBenchStore, type DatabaseKind } from './bench-store.ts';
import { startSmtpSink } from './smtp-sink.ts';

/** What the invitations bench measured (issue 35, ADR 044). */
export type InvitationFigures = {
  kind: DatabaseKind;
  meters: number;
  queuedPerSecond: number;
  sentPerSecond: number;
  treeReadP99Quiet: number;
  treeReadP99DuringSend: number;
  treeReads: { quiet: number; duringSend: number };
};

const METERS = 10_000;
const QUEUE_CONNECTIONS = 10;
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

/** Tree reads one after another until `until` says stop; their latencies in ms. */
async function treeReads(baseUrl: string, token: string, path: string, until: () => boolean) {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    const answer = await httpRequest(baseUrl, { method: 'GET', path, token });
    latencies.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`tree read answered ${answer.status}`);
  }
  return latencies;
}

/**
 * 10,000 meters with a resident e-mail, imported; each skipped with `Ingen adgang` over HTTP (10 at a
 * time), which issues its link and queues its invitation (ADR 044); then a server with SMTP_URL sends
 * them to a local SMTP server. Reports invitations queued and sent per second, and the p99 of a small
 * account's tree read (kunde@, one request at a time) while nothing is sent and during the send.
 */
export async function measureInvitations(
  kind: DatabaseKind,
  log: (line: string) => void,
  postgresUrl?: string,
): Promise<InvitationFigures> {
  const store = await createBenchStore(kind, postgresUrl);
  const sink = await startSmtpSink();
  try {
    // Queue phase: no SMTP_URL, so the outbox only fills.
    const queuing = await startApiOn(store);
    const base = queuing.server.baseUrl;
    const admin = await loginOver(base, 'admin@eksempel.dk', DEMO_PASSWORD);
    const writeAccount = await accountId(base, admin, WRITE_ACCOUNT);
    const lines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Beboer;Beboer e-mail'];
    for (let m = 0; m < METERS; m++) {
      lines.push(
        `Invitationsvej ${Math.floor(m / 50)};;Måler ${pad(m)};INV-${pad(m)};Vand;Volumen;m³;Beboer ${m};beboer-${pad(m)}@eksempel.dk`,
      );
    }
    const imported = await httpRequest(base, {
      method: 'POST',
      path: `/api/admin/import/${writeAccount}/meters?mode=apply`,
      token: admin,
      body: { format: 'csv', data: Buffer.from(`${lines.join('\r\n')}\r\n`).toString('base64') },
      timeoutMs: 600_000,
    });
    if (imported.status !== 200) throw new Error(`the meter import answered ${imported.status}`);
    const tree = (
      await httpRequest(base, {
        method: 'GET',
        path: `/api/gateway/loadlistsimple/${writeAccount}`,
        token: admin,
        timeoutMs: 120_000,
      })
    ).body as { GatewayId: number; DeviceList: { DeviceId: number; Name: string }[] }[];
    const meters = tree.flatMap((location) =>
      location.DeviceList.filter((meter) => meter.Name.startsWith('Måler ')).map((meter) => ({
        gatewayId: location.GatewayId,
        deviceId: meter.DeviceId,
      })),
    );
    if (meters.length !== METERS) throw new Error(`found ${meters.length} imported meters`);

    log(`  queuing ${METERS} invitations through Ingen adgang skips`);
    const queueStarted = performance.now();
    let next = 0;
    let invited = 0;
    await Promise.all(
      Array.from({ length: QUEUE_CONNECTIONS }, async () => {
        for (let meter = meters[next++]; meter; meter = meters[next++]) {
          const answer = await httpRequest(base, {
            method: 'POST',
            path: `/api/gateway/skipreading/${writeAccount}`,
            token: admin,
            body: { ...meter, reason: 'Ingen adgang' },
          });
          if (answer.status !== 200) throw new Error(`a skip answered ${answer.status}`);
          if ((answer.body as { ResidentLinkSent?: boolean }).ResidentLinkSent) invited += 1;
        }
      }),
    );
    const queuedPerSecond = Math.round(invited / ((performance.now() - queueStarted) / 1000));
    if (invited !== METERS) throw new Error(`${invited} of ${METERS} skips queued an invitation`);
    log(`  queued ${queuedPerSecond} invitations/s`);

    const reader = await loginOver(base, 'kunde@eksempel.dk', DEMO_PASSWORD);
    const readPath = `/api/gateway/loadlistsimple/${await accountId(base, reader, READ_ACCOUNT)}`;
    const quietUntil = performance.now() + QUIET_SECONDS * 1000;
    const quiet = await treeReads(base, reader, readPath, () => performance.now() > quietUntil);
    queuing.server.signal('SIGTERM');
    await queuing.server.exited;

    // Send phase: the same data, now with SMTP_URL; the sender drains every second.
    const sending = await startApiOn(store, { SMTP_URL: sink.url, MAIL_SEND_INTERVAL_SECONDS: '1' });
    const sendBase = sending.server.baseUrl;
    const sendReader = await loginOver(sendBase, 'kunde@eksempel.dk', DEMO_PASSWORD);
    const deadline = performance.now() + SEND_TIMEOUT_MS;
    const during = await treeReads(sendBase, sendReader, readPath, () => {
      if (performance.now() > deadline) throw new Error(`only ${sink.arrivals.length} sent in time`);
      return sink.arrivals.length >= METERS;
    });
    const first = sink.arrivals[0] ?? 0;
    const last = sink.arrivals[METERS - 1] ?? first;
    const sentPerSecond = Math.round((METERS - 1) / ((last - first) / 1000));
    sending.server.signal('SIGTERM');
    await sending.server.exited;
    const figures: InvitationFigures = {
      kind,
      meters: METERS,
      queuedPerSecond,
      sentPerSecond,
      treeReadP99Quiet: p99(quiet),
      treeReadP99DuringSend: p99(during),
      treeReads: { quiet: quiet.length, duringSend: during.length },
    };
    log(
      `  sent ${sentPerSecond} invitations/s; tree read p99 ${figures.treeReadP99Quiet} ms quiet, ${figures.treeReadP99DuringSend} ms during the send`,
    );
    return figures;
  } finally {
    await sink.close();
    await store.dispose();
  }
}
