import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { messages } from '../messages.ts';

/** A coarse per-client ceiling per instance; login brute force has its own, shared counters. */
export const rateLimitPlugin = fp<{ perMinute: number }>(
  async (app, { perMinute }) => {
    await app.register(rateLimit, {
      global: true,
      max: perMinute,
      timeWindow: 60_000,
      errorResponseBuilder: () => ({ statusCode: 429, Message: messages.tooManyRequests }),
    });
  },
  { name: 'rate-limit' },
);
