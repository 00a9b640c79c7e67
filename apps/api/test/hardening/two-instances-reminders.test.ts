import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/engine/connection.ts';
import { REMINDER_JOB } from '../../src/plugins/jobs.ts';
import { sendDueReminders } from '../../src/services/selfreading/reminders.ts';
import { issueSelfReadingLink } from '../../src/services/selfreading/self-reading-links.ts';
import { prepareDatabase } from '../../src/startup/prepare-database.ts';
import { userIdOf } from '../helpers/demo-fixtures.ts';
import { testClock } from '../helpers/test-app.ts';
import { createTestStore, onPostgres, type TestStore } from '../helpers/test-store.ts';

const HOUSES = 20;

describe.skipIf(!onPostgres())(
  'reminders from two API instances on one PostgreSQL database (PostgreSQL only: one SQLite file has one process, ADR 005)',
  () => {
    const clock = testClock(new Date('2026-11-22T10:00:00Z'));
    let store: TestStore;
    let a: FastifyInstance;
    let b: FastifyInstance;

    const instance = async () => {
      const config = loadConfig(
        {
          LOG_LEVEL: 'silent',
          DATA_DIR: store.dataDir,
          DATABASE_URL: store.databaseUrl ?? '',
          WEB_DIST: join(store.dataDir, 'no-web'),
        },
        [],
      );
      const database = openDatabase(config);
      await prepareDatabase(database, { demo: true, now: clock.now() });
      const app = await buildApp({ config, database, clock });
      await app.ready();
      return app;
    };

    beforeAll(async () => {
      store = await createTestStore();
      a = await instance();
      b = await instance();
      const createdBy = await userIdOf(a.db, 'admin@eksempel.dk');
      const meters = await a.db
        .selectFrom('meter_residents as r')
        .innerJoin('devices as d', 'd.id', 'r.device_id')
        .select(['d.id', 'r.email'])
        .orderBy('d.id')
        .limit(HOUSES)
        .execute();
      expect(meters).toHaveLength(HOUSES);
      for (const meter of meters) {
        await issueSelfReadingLink(
          { db: a.db, clock, publicUrl: 'http://localhost:8080', deadlineDays: 14 },
          { deviceId: meter.id, recipientEmail: meter.email, createdBy },
        );
      }
      clock.set(new Date('2026-12-12T08:00:00Z'));
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await store?.dispose();
    });

    const reminders = async () =>
      (
        await a.db
          .selectFrom('mail_outbox')
          .select('recipient')
          .where('subject', 'like', 'Påmindelse%')
          .execute()
      ).map((row) => row.recipient);

    it('sends exactly one reminder per link when both run the job at the same time, again and again', async () => {
      // Three calls on each instance at once: each instance runs once (its calls share the run), and
      // the two runs take the lock one after the other or skip.
      await Promise.all(
        Array.from({ length: 6 }, (_, n) => (n % 2 === 0 ? a : b).jobs.runOnce(REMINDER_JOB)),
      );
      await Promise.all([a.jobs.runOnce(REMINDER_JOB), b.jobs.runOnce(REMINDER_JOB)]);
      const sent = await reminders();
      expect(sent).toHaveLength(HOUSES);
      expect(new Set(sent).size).toBe(HOUSES);
    });

    it('still sends each once when the lock is passed by: the reminder key alone decides', async () => {
      await a.db.deleteFrom('self_reading_reminders').execute();
      await a.db.deleteFrom('self_reading_link_tokens').execute();
      await a.db.deleteFrom('mail_outbox_customers').execute();
      await a.db.deleteFrom('mail_outbox').execute();
      const direct = (app: FastifyInstance) =>
        sendDueReminders({
          db: app.db,
          clock,
          publicUrl: 'http://localhost:8080',
          daysBeforeDeadline: 3,
          write: (work) => app.writeTransaction(work),
        });
      const results = await Promise.all([direct(a), direct(b), direct(a), direct(b)]);
      expect(results.reduce((sum, result) => sum + result.reminded, 0)).toBe(HOUSES);
      expect(await reminders()).toHaveLength(HOUSES);
      expect(await a.db.selectFrom('self_reading_reminders').select('link_id').execute()).toHaveLength(
        HOUSES,
      );
    });
  },
);
