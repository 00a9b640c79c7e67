import { IssuedSelfReadingLink, SELF_READING_TOKEN_HEADER } from '@maaler/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { DemoMeter } from './demo-fixtures.ts';
import type { TestApp } from './test-app.ts';

// Each call comes from an address of its own, so the link throttle (counted per address) of one
// request never reaches the next.
let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

/** A new self-reading link for the meter, issued by the administrator; answers its token. */
export async function issueLinkToken(t: TestApp & { admin: string }, meter: DemoMeter): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/admin/selfreading/link/${meter.deviceId}/${meter.accountId}`,
    token: t.admin,
    payload: { recipientEmail: null },
  });
  if (res.statusCode !== 200) throw new Error(`link not issued: ${res.statusCode} ${res.body}`);
  const token = /#([\w-]{43})$/.exec(IssuedSelfReadingLink.parse(res.json()).url)?.[1];
  if (!token) throw new Error(`no token in ${res.body}`);
  return token;
}

/** POST /api/selfreading/reading. */
export function sendThroughLink(t: TestApp, body: object): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'POST',
    url: '/api/selfreading/reading',
    payload: body,
    remoteAddress: nextAddress(),
  });
}

/** PUT /api/selfreading/photo/{photoId} with the link's token in its header and the bytes as the body. */
export function putLinkPhoto(
  t: TestApp,
  options: { token: string; photoId: string; body: Buffer | string; contentType?: string },
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'PUT',
    url: `/api/selfreading/photo/${options.photoId}`,
    headers: {
      [SELF_READING_TOKEN_HEADER]: options.token,
      'content-type': options.contentType ?? 'image/jpeg',
    },
    payload: options.body,
    remoteAddress: nextAddress(),
  });
}
