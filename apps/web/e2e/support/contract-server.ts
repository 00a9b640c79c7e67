import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isoDateInCopenhagen, toDanishDate } from '@maaler/contract';

// A stand-in for "any other server that speaks the contract" (api-contract.md): it serves the built
// app and answers the calls of the spec's flow with exactly the fields the contract names, nothing of
// our additions (no Unit, Type, Manual, PlausibilityOverride, Corrections), and ids that are not
// UUIDs. It checks the bearer token and the anti-forgery header as the contract's general rules say.

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

export const STAND_IN_USER = { email: 'maaler@eksempel.dk', password: 'hemmelig1' } as const;
/** A user who must choose a new password at first sign-in (the login answers `ResetPassword: true`). */
export const STAND_IN_NEW_USER = { email: 'ny@eksempel.dk', password: 'midlertidig1' } as const;

type StandInUser = {
  email: string;
  password: string;
  resetPassword: boolean;
  nameIdentifier: string;
  name: string;
  accountList: string;
};

const customers = [
  { guid: 'kunde-a', name: 'Bøgely Boligforening', address: 'Bøgevej 3', postal: '5000', town: 'Odense C' },
  { guid: 'kunde-b', name: 'Havnens Erhverv', address: 'Kajen 1', postal: '8000', town: 'Aarhus C' },
];
const accountsByCustomer: Record<string, { guid: string; name: string }[]> = {
  'kunde-a': [{ guid: 'konto-a1', name: 'Bøgely afdeling 1' }],
  'kunde-b': [{ guid: 'konto-b1', name: 'Havnens Erhverv' }],
};
const gateways = [
  {
    GatewayId: 11,
    Name: 'Bøgevej 3, kælder',
    DeviceList: [
      {
        DeviceId: 21,
        Name: 'Varmemåler',
        DeviceItemList: [
          { DeviceItemId: 31, Name: 'Energi' },
          { DeviceItemId: 32, Name: 'Volumen' },
        ],
      },
    ],
  },
];

/** The answer of a call other than the contract's few while the user's reset flag is set (403). */
const FORBIDDEN = Symbol('forbidden');

type StoredReading = { deviceItemId: number; date: string; value: string; at: string };

function isoDaysBefore(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** 'Energi' was read every 30 days at 1 a day, so the plausibility check has an average to use. */
function seedReadings(today: string): StoredReading[] {
  return [90, 60, 30].map((days, index) => ({
    deviceItemId: 31,
    date: isoDaysBefore(today, days),
    value: String(1000 + index * 30),
    at: `${isoDaysBefore(today, days)}T07:00:00Z`,
  }));
}

function usToIso(us: string): string {
  const [month, day, year] = us.split('/');
  return `${year}-${month}-${day}`;
}

function itemName(deviceItemId: number): string {
  for (const gateway of gateways)
    for (const device of gateway.DeviceList)
      for (const item of device.DeviceItemList) if (item.DeviceItemId === deviceItemId) return item.Name;
  return '';
}

export type StandInServer = {
  url: string;
  /** Calls the stand-in does not know (answered 404). */
  unknownCalls: string[];
  /** Bodies of POST manualregisterdeviceitemdata. */
  readingPosts: unknown[];
  /** The e-mail and password of each sign-in attempt, in order. */
  signIns: { email?: string; password?: string }[];
  /** Calls made with a token the stand-in revoked (answered 401). */
  revokedTokenCalls: string[];
  close: () => Promise<void>;
};

export async function startContractServer(): Promise<StandInServer> {
  const users: StandInUser[] = [
    {
      ...STAND_IN_USER,
      resetPassword: false,
      nameIdentifier: 'bruger-7',
      name: 'Mette Måler',
      accountList: 'konto-a1,konto-b1',
    },
    {
      ...STAND_IN_NEW_USER,
      resetPassword: true,
      nameIdentifier: 'bruger-8',
      name: 'Niels Ny',
      accountList: 'konto-a1',
    },
  ];
  const tokens = new Map<string, StandInUser>();
  const revokedTokens = new Set<string>();
  const signIns: { email?: string; password?: string }[] = [];
  const revokedTokenCalls: string[] = [];
  const xsrf = randomBytes(16).toString('hex');
  const readings = seedReadings(isoDateInCopenhagen());
  const unknownCalls: string[] = [];
  const readingPosts: unknown[] = [];

  const newestFirst = (deviceItemIds: number[]) =>
    readings
      .filter((reading) => deviceItemIds.includes(reading.deviceItemId))
      .sort((a, b) => b.date.localeCompare(a.date));

  const tree = () =>
    gateways.map((gateway) => ({
      GatewayId: gateway.GatewayId,
      Name: gateway.Name,
      DeviceList: gateway.DeviceList.map((device) => ({
        DeviceId: device.DeviceId,
        Name: device.Name,
        DeviceItemList: device.DeviceItemList.map((item) => {
          const last = newestFirst([item.DeviceItemId])[0];
          return {
            DeviceItemId: item.DeviceItemId,
            Name: item.Name,
            LastValue: last ? last.value : null,
            LastDateValue: last ? last.date : '-',
            LastDateValueFormatted: last ? toDanishDate(last.date) : '-',
          };
        }),
      })),
    }));

  const history = (deviceId: number) => {
    const device = gateways.flatMap((gateway) => gateway.DeviceList).find((d) => d.DeviceId === deviceId);
    return newestFirst(device?.DeviceItemList.map((item) => item.DeviceItemId) ?? []).map((reading) => ({
      DeviceItemId: reading.deviceItemId,
      Name: itemName(reading.deviceItemId),
      DateRecord: reading.date,
      DateRecordFormatted: toDanishDate(reading.date),
      Value: reading.value,
      RegisteredAt: reading.at,
      RegisteredBy: 'Måleraflæser',
    }));
  };

  function storeReadings(body: unknown): number {
    readingPosts.push(body);
    const batch = body as { deviceItemId: number; dateRecord: string; value: string }[];
    for (const { deviceItemId, dateRecord, value } of batch) {
      const date = usToIso(dateRecord);
      const index = readings.findIndex((r) => r.deviceItemId === deviceItemId && r.date === date);
      if (index >= 0) readings.splice(index, 1);
      readings.push({ deviceItemId, date, value, at: new Date().toISOString() });
    }
    return batch.length;
  }

  /** The answer to one API call, or undefined for a call the stand-in does not know. */
  function answer(user: StandInUser, method: string, path: string, body: unknown): unknown {
    const [, , area, action, first] = path.split('/');
    const route = `${method} ${area}/${action}`;
    // The contract has the app call it on sign-out.
    if (route === 'POST authenticate/logout') return { Success: true };
    if (route === 'POST user/changepassword') return changePassword(user, body);
    if (user.resetPassword) return FORBIDDEN;
    if (route === 'POST customer/loadlistbyid') {
      const wanted = String(body).split(',');
      return customers.filter((customer) => wanted.includes(customer.guid));
    }
    if (route === 'GET account/loadlistbycustomer') return accountsByCustomer[first ?? ''] ?? [];
    if (route === 'GET account/loadlistbycurrentuser')
      return Object.values(accountsByCustomer)
        .flat()
        .filter((account) => user.accountList.split(',').includes(account.guid));
    if (route === 'GET account/loadsimple') {
      const customerId = Object.keys(accountsByCustomer).find((id) =>
        accountsByCustomer[id]?.some((account) => account.guid === first),
      );
      const customer = customers.find((candidate) => candidate.guid === customerId);
      if (!customer) return undefined;
      return {
        Guid: first,
        CustomerId: customer.guid,
        CompanyName: customer.name,
        CompanyAddress: customer.address,
        CompanyPostal: customer.postal,
        CompanyTown: customer.town,
      };
    }
    if (route === 'GET gateway/loadlistsimple') return tree();
    if (route === 'POST gateway/loaddeviceitemhistorylist')
      return history((body as { deviceId: number }).deviceId);
    if (route === 'POST gateway/manualregisterdeviceitemdata')
      return { Success: true, Message: '', Count: storeReadings(body) };
    return undefined;
  }

  /**
   * The contract's answer and nothing more: `{ Success, Message }`, no new token; every token of the
   * user issued before stops working ("A password change invalidates tokens issued before it").
   */
  function changePassword(user: StandInUser, body: unknown) {
    const { password, passwordrepeat } = body as { password?: string; passwordrepeat?: string };
    if (!password || !/^\w{8,}$/.test(password) || password !== passwordrepeat) {
      return { Success: false, Message: 'Adgangskoden opfylder ikke reglerne' };
    }
    user.password = password;
    user.resetPassword = false;
    for (const [issued, owner] of tokens) {
      if (owner !== user) continue;
      tokens.delete(issued);
      revokedTokens.add(issued);
    }
    return { Success: true, Message: '' };
  }

  function login(body: { email?: string; password?: string }) {
    signIns.push({ email: body.email, password: body.password });
    const user = users.find((candidate) => candidate.email === body.email);
    if (!user || body.password !== user.password) {
      return {
        Success: false,
        Message: 'Forkert e-mail eller adgangskode',
        ResetPassword: false,
        Token: null,
        Claims: null,
      };
    }
    const token = `stand-in.${randomBytes(16).toString('hex')}`;
    tokens.set(token, user);
    return {
      Success: true,
      Message: '',
      ResetPassword: user.resetPassword,
      Token: token,
      Claims: {
        expires: new Date(Date.now() + 3_600_000).toISOString(),
        nameIdentifier: user.nameIdentifier,
        name: user.name,
        role: 2,
        accountList: user.accountList,
        customerList: customers
          .filter((customer) =>
            accountsByCustomer[customer.guid]?.some((account) =>
              user.accountList.split(',').includes(account.guid),
            ),
          )
          .map((customer) => customer.guid)
          .join(','),
        email: user.email,
      },
    };
  }

  async function serveApp(path: string, response: ServerResponse): Promise<void> {
    const file = normalize(join(DIST, decodeURIComponent(path)));
    const known = file.startsWith(DIST + sep) && extname(file) !== '' ? file : join(DIST, 'index.html');
    try {
      const content = await readFile(known);
      const headers: Record<string, string> = {
        'Content-Type': CONTENT_TYPES[extname(known)] ?? 'application/octet-stream',
      };
      if (path === '/version.json') headers['Cache-Control'] = 'no-store';
      response.writeHead(200, headers).end(content);
    } catch {
      response.writeHead(404).end();
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const { pathname } = new URL(request.url ?? '/', 'http://stand-in');
    if (!/(?:^|;\s*)XSRF-TOKEN=/.test(request.headers.cookie ?? '')) {
      response.setHeader('Set-Cookie', `XSRF-TOKEN=${xsrf}; Path=/; SameSite=Strict`);
    }
    if (!pathname.startsWith('/api/')) return serveApp(pathname, response);

    const json = (status: number, value: unknown): void => {
      response
        .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(value));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text === '' ? undefined : JSON.parse(text);

    if (method !== 'GET' && request.headers['x-xsrf-token'] !== xsrf) {
      return json(403, { Message: 'Ugyldig anmodning' });
    }
    if (pathname === '/api/authenticate/userauthenticate/v2' && method === 'POST') {
      return json(200, login(body as { email?: string; password?: string }));
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const user = tokens.get(bearer);
    if (!user) {
      if (revokedTokens.has(bearer)) revokedTokenCalls.push(`${method} ${pathname}`);
      return json(401, { Message: 'Ikke logget ind' });
    }
    const result = answer(user, method, pathname, body);
    if (result === FORBIDDEN) return json(403, { Message: 'Adgangskoden skal skiftes' });
    if (result === undefined) {
      unknownCalls.push(`${method} ${pathname}`);
      return json(404, { Message: 'Findes ikke' });
    }
    return json(200, result);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    unknownCalls,
    readingPosts,
    signIns,
    revokedTokenCalls,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections open; they would hold close() up.
        server.closeAllConnections();
      }),
  };
}
