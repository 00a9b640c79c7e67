import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestApp } from '../helpers/test-app.ts';

type JsonSchema = Record<string, unknown>;

export type Operation = {
  tags?: string[];
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  components: { securitySchemes: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
};

/** `get /api/x/{id}`: how tests name one documented operation. */
export const operationKey = (method: string, path: string) => `${method.toLowerCase()} ${path}`;

/** Fastify's `/x/:id` as OpenAPI's `/x/{id}`. */
export const openapiPath = (fastifyUrl: string) => fastifyUrl.replace(/:(\w+)/g, '{$1}');

export async function fetchDocument(t: TestApp): Promise<OpenApiDocument> {
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json', xsrf: false });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  return res.json();
}

export function operationsOf(doc: OpenApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods))
      operations.set(operationKey(method, path), operation);
  }
  return operations;
}

/**
 * Compiles the document's own JSON Schemas (OpenAPI 3.1 = JSON Schema 2020-12) with Ajv in strict mode,
 * formats included, so a response is checked against exactly what the document promises.
 */
export function schemaValidator(): (schema: JsonSchema) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
}

export function jsonSchemaOf(operation: Operation, status: string): JsonSchema {
  const schema = operation.responses[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`no application/json schema for status ${status}`);
  return schema;
}
