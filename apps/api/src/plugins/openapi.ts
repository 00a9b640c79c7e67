import swagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorResponse } from '@maaler/contract';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import apiPackage from '../../package.json' with { type: 'json' };
import { XSRF_COOKIE } from './xsrf.ts';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';
const BEARER_SCHEME = 'bearerAuth';
const XSRF_SCHEME = 'xsrfToken';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A route the XSRF check covers. */
const isUnsafe = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((method) => !SAFE_METHODS.has(method));

const DESCRIPTION = `The web API of Måleraflæsning, a Danish app for reporting meter readings by hand.

Every call but login and the health checks needs \`Authorization: Bearer <token>\` (the token comes from
POST /api/authenticate/userauthenticate/v2). Every call that is not a GET also needs the anti-forgery
header \`X-XSRF-TOKEN\` with the value of the \`XSRF-TOKEN\` cookie that every response sets when the
request has none (double-submit). Errors answer \`{ "Message": "<Danish text>" }\`; a refused reading batch
answers 406 \`{ "validationError": "<Danish text>" }\`. A user reaches only their own customers' data: an id
that belongs to someone else answers 404 like one that does not exist. Each response carries its request
id in \`x-request-id\`. Operation descriptions are in Danish, like the app.`;

// Swagger UI serializes the request interceptor below into its own script, where this is the page's.
declare const document: { cookie: string };

/**
 * What a route needs, as OpenAPI security requirements: nothing for public GETs, the XSRF header for
 * the public login POST, a bearer token for every other GET, and both for every other call.
 */
function securityOf(route: RouteOptions): Array<Record<string, string[]>> {
  const requirement: Record<string, string[]> = {};
  if (route.config?.public !== true) requirement[BEARER_SCHEME] = [];
  if (isUnsafe(route)) requirement[XSRF_SCHEME] = [];
  return Object.keys(requirement).length === 0 ? [] : [requirement];
}

/** What every response status means here; the routes' own schemas say what the body holds. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '400': 'Anmodningen passer ikke til skemaet (body, sti-parametre eller headere).',
  '401': 'Token mangler, er ugyldigt eller udløbet, eller brugeren er spærret.',
  '403':
    'Sikkerhedstokenet (X-XSRF-TOKEN) mangler eller passer ikke, eller kaldet er kun for administratorer.',
  '404': 'Findes ikke, eller tilhører ikke brugerens kunder (samme svar i begge tilfælde).',
  '406': 'Målingerne blev afvist; intet er gemt. validationError nævner feltet og målepunktet.',
  '422': 'Idempotency-Key er allerede brugt til en anden anmodning.',
  '429':
    'For mange forespørgsler, for mange mislykkede logins, eller der kører allerede en import; prøv igen senere.',
  '500': 'Intern fejl; svaret har request-id i headeren x-request-id.',
  '503': 'Ikke klar: databasen kan ikke nås, eller der mangler migreringer.',
};

/** The error answers that the plugins give on top of what each route declares itself. */
function commonErrors(route: RouteOptions): Record<string, typeof ErrorResponse> {
  const unsafe = isUnsafe(route);
  const schema = route.schema ?? {};
  const takesInput = unsafe || Boolean(schema.params || schema.body || schema.headers || schema.querystring);
  const errors: Record<string, typeof ErrorResponse> = {};
  if (takesInput) errors['400'] = ErrorResponse;
  if (route.config?.public !== true) errors['401'] = ErrorResponse;
  if (unsafe || route.config?.adminOnly === true || route.config?.roles) errors['403'] = ErrorResponse;
  errors['429'] = ErrorResponse;
  errors['500'] = ErrorResponse;
  return errors;
}

/**
 * The zod provider's JSON Schema conversion, with the plugins' error answers added to each operation,
 * a description for each status, and each operation's security requirement.
 */
const transform: SwaggerTransform = (input) => {
  if (!input.schema || input.schema.hide) return jsonSchemaTransform(input);
  const response = { ...commonErrors(input.route), ...(input.schema.response as object | undefined) };
  const result = jsonSchemaTransform({ ...input, schema: { ...input.schema, response } });
  // @fastify/swagger takes a response's description from this keyword and drops it from the schema.
  const described = Object.fromEntries(
    Object.entries(result.schema.response as Record<string, object>).map(([status, body]) => [
      status,
      { ...body, 'x-response-description': STATUS_DESCRIPTIONS[status] ?? `HTTP ${status}` },
    ]),
  );
  return { ...result, schema: { ...result.schema, response: described, security: securityOf(input.route) } };
};

const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Måleraflæsning API', version: apiPackage.version, description: DESCRIPTION },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        [XSRF_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description: `The value of the ${XSRF_COOKIE} cookie (double-submit anti-forgery token).`,
        },
      },
    },
  },
  transform,
};

/**
 * Copies the XSRF cookie into its header on "Try it out" calls. Swagger UI serializes this function
 * into its own script file, so it runs under the strict CSP without inline script.
 */
function copyXsrfCookie(request: { method?: string; headers?: Record<string, string> }) {
  const cookieName = 'XSRF-TOKEN';
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${cookieName}=`));
  if (found && request.headers && request.method && request.method.toUpperCase() !== 'GET') {
    request.headers['X-XSRF-TOKEN'] = decodeURIComponent(found.slice(cookieName.length + 1));
  }
  return request;
}

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, at GET /api/openapi.json, and a
 * Swagger UI reference page at GET /api/docs. Both are public. Swagger UI loads only its own script and
 * style files, so the server's strict CSP stays as it is (docs/deploy.md, section 1).
 * Register before the routes: @fastify/swagger collects them as they are added.
 */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, swaggerOptions);

    app.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await docs.register(swaggerUi, {
        routePrefix: DOCS_PATH,
        uiConfig: {
          // The standalone layout's top bar carries an SVG logo with an inline <style>, which the CSP blocks.
          layout: 'BaseLayout',
          requestInterceptor: copyXsrfCookie,
        },
        theme: { title: 'Måleraflæsning API' },
      });
    });
  },
  { name: 'openapi', dependencies: ['auth'] },
);
