import { ADMIN_ROLE } from '@maaler/contract';
import { SignJWT } from 'jose';
import type { TestApp } from '../../helpers/test-app.ts';

/** Tokens the server must refuse: unsigned, foreign-signed, tampered, expired, of no user, of an old version. */
export async function forgeTokens(
  t: TestApp,
  valid: string,
  adminId: string,
  clockNow: Date,
): Promise<string[]> {
  const secretRow = await t.database.db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'jwt')
    .executeTakeFirst();
  const key = new TextEncoder().encode(t.config.jwtSecret ?? secretRow?.value ?? '');
  const now = Math.floor(clockNow.getTime() / 1000);
  const sign = (claims: Record<string, unknown>, secret = key, issuedAt = now, expires = now + 3600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(expires)
      .sign(secret);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const [header = '', payload = '', signature = ''] = valid.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [
    `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, sub: adminId })}.`,
    `${header}.${part({ ...claims, role: ADMIN_ROLE, tv: 99 })}.${signature}`,
    // The first character of the signature carries six whole bits: changing it always changes the
    // signature. (The last one carries only four, so a changed last character can decode to the same
    // bytes, which once made this token the valid one.)
    `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
    `${valid}x`,
    await sign(
      { sub: adminId, tv: 0 },
      new TextEncoder().encode('a-completely-different-secret-of-enough-length'),
    ),
    await sign({ sub: adminId, tv: 0 }, key, now - 7200, now - 3600),
    await sign({ sub: '00000000-0000-4000-8000-000000000000', tv: 0 }),
    await sign({ sub: adminId, tv: 1 }),
    await sign({ sub: adminId, tv: '0' }),
    await sign({ sub: adminId }),
    `${header}.${payload}`,
    'a.b.c',
  ];
}
