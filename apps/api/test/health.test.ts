import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Load balancers call these without a token or cookie; they must answer with a bare status only.
const probe = (t: TestApp, which: 'live' | 'ready', headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/api/health/${which}`, xsrf: false, headers });

describe('health checks', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers live and ready with 200 and nothing but a status, without authentication', async () => {
    t = await createTestApp({ demo: false });
    for (const which of ['live', 'ready'] as const) {
      const res = await probe(t, which);
      expect(res.statusCode, which).toBe(200);
      expect(res.json(), which).toEqual({ status: 'ok' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // A broken token does not matter: the checks are public.
      const withJunkToken = await probe(t, which, { authorization: 'Bearer not.a.token' });
      expect(withJunkToken.statusCode, which).toBe(200);
    }
  });

  it('answers ready with 503 while a migration is pending, and 200 again once it is applied', async () => {
    t = await createTestApp({ demo: false });
    const latest = Object.keys(migrations).sort().at(-1) ?? '';
    const db = t.database.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration where name = ${latest}`.execute(db);
    const applied = rows[0];
    expect(applied).toBeDefined();
    await sql`delete from kysely_migration where name = ${latest}`.execute(db);

    const pending = await probe(t, 'ready');
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'migrations pending' });
    expect((await probe(t, 'live')).statusCode).toBe(200);

    await sql`insert into kysely_migration (name, timestamp) values (${applied?.name}, ${applied?.timestamp})`.execute(
      db,
    );
    expect((await probe(t, 'ready')).statusCode).toBe(200);
  });

  it('answers ready with 503 when the database cannot be reached, while live stays 200', async () => {
    t = await createTestApp({ demo: false });
    await t.database.db.destroy();

    const unready = await probe(t, 'ready');
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toEqual({ status: 'database unavailable' });
    expect(unready.body).not.toMatch(/sqlite|postgres|error|closed|pool/i);
    const live = await probe(t, 'live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});
