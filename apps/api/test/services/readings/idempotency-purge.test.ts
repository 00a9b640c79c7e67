import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_PURGE_INTERVAL_MS,
  throttledIdempotencyPurge,
} from '../../../src/services/readings/idempotency.ts';
import { userIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

const HOUR = 3_600_000;

describe('throttledIdempotencyPurge', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = await userIdOf(t.database.db, 'kunde@eksempel.dk');
  });
  afterAll(async () => t.close());

  const addKey = (key: string, createdAt: Date) =>
    t.database.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        request_hash: 'h',
        status_code: 200,
        response_body: '{}',
        created_at: createdAt.toISOString(),
      })
      .execute();
  const keys = async () =>
    (await t.database.db.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    );

  it('sweeps expired keys at most once per interval', async () => {
    const purge = throttledIdempotencyPurge(t.database.db, 24);
    const now = new Date('2026-11-22T10:00:00Z');
    await addKey('old-1', new Date(now.getTime() - 25 * HOUR));
    await addKey('fresh', new Date(now.getTime() - HOUR));
    await purge(now);
    expect(await keys()).toEqual(['fresh']);

    await addKey('old-2', new Date(now.getTime() - 25 * HOUR));
    await purge(new Date(now.getTime() + IDEMPOTENCY_PURGE_INTERVAL_MS - 1));
    expect(await keys()).toEqual(['fresh', 'old-2']);
    await purge(new Date(now.getTime() + IDEMPOTENCY_PURGE_INTERVAL_MS));
    expect(await keys()).toEqual(['fresh']);
  });
});
