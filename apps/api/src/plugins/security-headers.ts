import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isApiRequest } from '../http/api-route.ts';

/**
 * The camera (the QR and barcode scan of `Find måler`) for our own pages only; the other powerful
 * features the app never uses are denied, so injected or framed content cannot ask for them either.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'screen-wake-lock=()',
].join(', ');

/**
 * A strict CSP that the built app satisfies: only our own scripts, styles, images and connections;
 * no inline script, no framing. Helmet's headers are worked out once here: @fastify/helmet built its
 * middleware again for every request, and running it still cost a measurable share of the CPU under
 * load (docs/performance.md).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          // blob: for a reading's photo (issue 36): fetched with the session's token, shown as an object URL.
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    });
    const headers = { ...headersSetBy(applyHeaders), 'permissions-policy': PERMISSIONS_POLICY };
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      // API answers are per user and often secret (tokens, temporary passwords): never stored.
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security-headers' },
);

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a middleware sets on a response, found by running it once on an unsent one. Helmet's
 * headers depend on its options only (no CSP nonces here), so every request gets the same ones
 * without helmet running again, and Fastify writes them with its own headers in one go.
 */
function headersSetBy(middleware: Middleware): OutgoingHttpHeaders {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  middleware(response.req, response, (error) => {
    if (error) throw error;
  });
  return response.getHeaders();
}
