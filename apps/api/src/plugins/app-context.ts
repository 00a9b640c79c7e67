import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Clock } from '../services/shared/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
  }
}

export const appContextPlugin = fp<{ config: Config; clock: Clock }>(
  async (app, { config, clock }) => {
    app.decorate('config', config);
    app.decorate('clock', clock);
  },
  { name: 'app-context' },
);
