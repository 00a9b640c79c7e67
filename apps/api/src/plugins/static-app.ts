import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isApiRequest } from '../http/api-route.ts';
import { indexPageFor } from '../http/index-page.ts';
import { messages } from '../messages.ts';

const HTML_NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached forever (precompressed .br/.gz when present),
 * index.html revalidated on each load, version.json never cached, and every other non-API GET falls
 * back to index.html (with the page's route chunks as preloads) so client routes survive a reload.
 * Unknown /api paths stay JSON 404s.
 */
export const staticAppPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const built = existsSync(join(webDist, 'index.html'));

    if (built) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, servedPath) {
          // A precompressed copy (index.html.br) is cached like the file it stands for.
          const path = servedPath.replace(/\.(br|gz)$/, '');
          if (path.endsWith('version.json')) res.header('Cache-Control', 'no-store');
          else if (path.endsWith('.html') || path.endsWith('sw.js') || path.endsWith('.webmanifest'))
            res.header('Cache-Control', HTML_NO_CACHE);
          else if (path.includes('/assets/')) res.header('Cache-Control', IMMUTABLE);
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
      if (!isPageRequest || request.url.startsWith('/assets/')) {
        return reply.code(404).send({ Message: messages.notFound });
      }
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(messages.appNotBuilt);
      const page = await indexPageFor(webDist, new URL(request.url, 'http://app').pathname);
      return reply.header('Cache-Control', HTML_NO_CACHE).type('text/html; charset=utf-8').send(page);
    });
  },
  { name: 'static-app' },
);
