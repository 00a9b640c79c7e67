import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is for the API: decided on the route the router matched, never on how the URL
 * was spelled (the router decodes `/%61pi/...` and absolute-form targets to the same route). A
 * request that matched no route counts when its path, however spelled, names the API, so that its
 * 404 is the API's JSON and never the app's page.
 */
export function isApiRequest(request: Pick<FastifyRequest, 'routeOptions' | 'url'>): boolean {
  const routeUrl = request.routeOptions.url;
  return routeUrl === undefined ? namesTheApi(request.url) : isApiRoute(routeUrl);
}

export const isApiRoute = (routeUrl: string | undefined): boolean => routeUrl?.startsWith('/api/') === true;

const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i;

function namesTheApi(url: string): boolean {
  const path = (url.split('?')[0] ?? '').replace(ABSOLUTE_FORM, '');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judged as written.
  }
  // `/api;x/...` and `/api%3B...` too: anything after `api` but a letter still names the API.
  return /^\/+api(?![a-z])/i.test(decoded);
}
