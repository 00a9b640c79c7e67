import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  recordSecurityEvent,
  type SecurityEvent,
  type SecurityEventFields,
} from '../services/auth/security-events.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Logs a security or bulk event and stores it for the office's `Log` (ADR 041), done by the
     * signed-in user. Pass the change's transaction as `db` so a rolled-back change stores no event.
     */
    securityEvent(event: SecurityEvent, fields?: SecurityEventFields, db?: Kysely<Database>): Promise<void>;
  }
}

export const securityEventRecorderPlugin = fp(
  async (app) => {
    app.decorateRequest(
      'securityEvent',
      function (this: import('fastify').FastifyRequest, event, fields = {}, db = app.db) {
        return recordSecurityEvent(
          { log: this.log, db, userId: this.signedInUserId, now: app.clock.now() },
          event,
          fields,
        );
      },
    );
  },
  { name: 'security-event-recorder', dependencies: ['database', 'app-context'] },
);
