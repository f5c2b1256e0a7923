import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_PREFIX, STATUS } from '@mathbridge/contracts/api';
import { SIGN_SALT, TOKEN_COOKIE, TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { isFileAnswer, pathParams, statusesOf, type Endpoint } from '@mathbridge/contracts/endpoint';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registeredCalls, type RegisteredCall } from './call.ts';

/**
 * The API's reference (issue 26, DESIGN §19): `GET /api/openapi.json`, an OpenAPI 3.1 document
 * generated from the calls the app registered (`defineCall`'s registry, so nothing registered can
 * be missing from it), with each call's schemas from the contracts' endpoint table; and
 * `GET /api/docs`, that document rendered by Swagger UI (swagger-ui-dist, served from the product).
 */

type JsonSchema = Record<string, unknown>;

/** What every status of the envelope means (DESIGN §3). */
const STATUS_MEANING: Record<number, string> = {
  [STATUS.ok]: 'success; `result` is the call’s answer',
  [STATUS.sessionSuperseded]: 'the session was ended by a sign-in elsewhere (one session per user)',
  [STATUS.forbidden]: 'signed in but not permitted (role, verification, not a party of the object)',
  [STATUS.notLoggedIn]: 'not signed in: the token is missing, expired or unknown',
  [STATUS.invalid]: 'invalid input or signature: `result.errors = [{ field, code, message }]`',
  [STATUS.notFound]: 'the object does not exist (or is not visible to the caller)',
  [STATUS.conflict]: 'the object’s state does not allow this now (or a concurrent change won)',
  [STATUS.tooLarge]: 'the body or file is too large',
  [STATUS.wrongType]: 'the file is not of an accepted type (its content is sniffed)',
  [STATUS.rateLimited]: 'a rate limit was reached; the message says when to try again',
  [STATUS.internal]: 'an internal error (logged)',
  [STATUS.unavailable]: 'the database or an upstream service is briefly unreachable; nothing was done',
  [STATUS.storageFull]: 'the server’s storage is full; nothing was kept',
};

const DESCRIPTION = `The MathBridge (数桥) API. Every call is \`${API_PREFIX}/{module}/{action}\`.

**Envelope.** Application outcomes travel with HTTP 200 as \`{ "status", "message", "result" }\`;
\`status\` is one of the envelope statuses below, \`message\` is localized by \`Accept-Language\`
(zh-CN by default, zh-HK, en-US). Each operation lists the statuses it may answer. Transport
failures keep their HTTP code; a path that names no call is an HTTP 404.

| status | meaning |
|---|---|
${Object.entries(STATUS_MEANING)
  .map(([status, meaning]) => `| ${status} | ${meaning} |`)
  .join('\n')}

**Session.** \`user/login\` and \`user/register\` answer a token; send it as the \`${TOKEN_HEADER}\` header
(the web app keeps it in the \`${TOKEN_COOKIE}\` cookie). Calls marked with the token scheme need it.

**Signature.** Every call carries \`sign\` and \`ignore_sign\` (0/1): GET in the query, other methods in
the JSON body, uploads (multipart) in the query with \`ignore_sign=1\`. \`sign\` is the hex SHA-256 of the
canonical payload followed by the salt \`${SIGN_SALT}\`; the canonical payload is the payload cleaned
(empty values dropped, strings trimmed, recursively; \`sign\` and \`ignore_sign\` removed), keys sorted,
as JSON; GET values are signed as the strings they travel as. A wrong sign answers 400. It detects
corruption and naive tampering; it is not security (the salt ships in the web app). \`ignore_sign=1\`
skips the check.`;

/** One JSON Schema (2020-12) of a zod schema; `$defs` are hoisted into components by `hoist`. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/**
 * Moves a schema's `$defs` (recursive types) into `components.schemas` under a prefix, and points
 * its `#/$defs/…` references there: inside an OpenAPI document they would resolve from its root.
 */
function hoist(schema: JsonSchema, prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  const { $defs: _defs, ...rest } = schema;
  const rename = (name: string) => `${prefix}_${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const retarget = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(retarget);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
            ? [key, `#/components/schemas/${rename(inner.slice('#/$defs/'.length))}`]
            : [key, retarget(inner)],
        ),
      );
    }
    return value;
  };
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = retarget(def) as JsonSchema;
  return retarget(rest) as JsonSchema;
}

const operationId = (call: RegisteredCall) =>
  `${call.method.toLowerCase()}_${call.path.replace(/:([A-Za-z_]\w*)/g, 'by_$1').replace(/[^A-Za-z0-9]+/g, '_')}`;

const openApiPath = (callPath: string) => `${API_PREFIX}/${callPath.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`;

/** The envelope of a call: its statuses, and its result on 200 (anything else: null or `{ errors }`). */
function envelopeSchema(statuses: number[], result: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'message', 'result'],
    properties: {
      status: { type: 'integer', enum: statuses },
      message: { type: 'string' },
      result: {
        anyOf: [result, { $ref: '#/components/schemas/InvalidResult' }, { type: 'null' }],
        description: 'The answer on status 200; `{ errors }` on 400; null otherwise.',
      },
    },
  };
}

function operation(call: RegisteredCall, components: Record<string, JsonSchema>): JsonSchema {
  const endpoint: Endpoint | undefined = call.endpoint;
  const id = operationId(call);
  const signed = !call.unsigned;
  const inPath = pathParams(call.path);
  const input = call.input ? hoist(jsonSchema(call.input, 'input'), `${id}_in`, components) : undefined;
  const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input?.required as string[] | undefined) ?? []);

  const parameters: JsonSchema[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  const queryIn = call.method === 'GET' || call.multipart;
  if (call.method === 'GET') {
    for (const [name, schema] of Object.entries(properties)) {
      if (inPath.includes(name)) continue;
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (signed && queryIn)
    parameters.push({ $ref: '#/components/parameters/sign' }, { $ref: '#/components/parameters/ignoreSign' });
  if (call.multipart && !signed) parameters.push({ $ref: '#/components/parameters/ignoreSign' });

  let requestBody: JsonSchema | undefined;
  if (call.method !== 'GET') {
    const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !inPath.includes(name)));
    const bodyRequired = [...required].filter((name) => !inPath.includes(name));
    if (call.multipart) {
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { ...bodyProperties, file: { type: 'string', contentMediaType: 'application/octet-stream' } },
              required: ['file', ...bodyRequired],
            },
          },
        },
      };
    } else {
      requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                ...bodyProperties,
                ...(signed
                  ? {
                      sign: { $ref: '#/components/schemas/Sign' },
                      ignore_sign: { $ref: '#/components/schemas/IgnoreSign' },
                    }
                  : {}),
              },
              ...(bodyRequired.length ? { required: bodyRequired } : {}),
            },
          },
        },
      };
    }
  }

  const statuses = endpoint ? statusesOf(endpoint) : statusesOf({ ...call, summary: '', output: z.unknown() });
  const result: JsonSchema =
    endpoint && !isFileAnswer(endpoint.output)
      ? hoist(jsonSchema(endpoint.output, 'output'), `${id}_out`, components)
      : {};
  const content: Record<string, JsonSchema> = {
    'application/json': { schema: envelopeSchema(statuses, result) },
  };
  if (endpoint && isFileAnswer(endpoint.output))
    for (const type of endpoint.output.types) content[type] = { schema: { type: 'string', contentMediaType: type } };

  const access = [
    call.section ? `Workspace section \`${call.section}\` (spec §6).` : '',
    endpoint?.verified ? 'Certified users only (verify_state 1).' : '',
    endpoint?.admin ? 'Admins only.' : '',
    endpoint ? '' : 'Not yet in the contracts’ endpoint table: the result is not described.',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    operationId: id,
    tags: [call.path.split('/')[0]],
    summary: endpoint?.summary ?? call.path,
    ...(access ? { description: access } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    security: call.auth === 'user' ? [{ token: [] }] : [{}, { token: [] }],
    responses: {
      '200': {
        description: `The envelope. Statuses: ${statuses.map((status) => `${status} (${STATUS_MEANING[status] ?? ''})`).join('; ')}.`,
        content,
      },
    },
    'x-envelope-statuses': statuses,
  };
}

/** The OpenAPI 3.1 document of every call registered on `app`. */
export function openApiDocument(app: FastifyInstance, version: string): JsonSchema {
  const components: Record<string, JsonSchema> = {
    Sign: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'Hex SHA-256 of the canonical payload + salt.' },
    IgnoreSign: { type: 'integer', enum: [0, 1], description: '1 skips the signature check.' },
    IgnoreSignText: { type: 'string', enum: ['0', '1'], description: '1 skips the signature check.' },
    InvalidResult: {
      type: 'object',
      required: ['errors'],
      properties: {
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'code', 'message'],
            properties: { field: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  };
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const call of registeredCalls(app)) {
    const item = (paths[openApiPath(call.path)] ??= {});
    item[call.method.toLowerCase()] = operation(call, components);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'MathBridge API', version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      parameters: {
        sign: { name: 'sign', in: 'query', required: false, schema: { $ref: '#/components/schemas/Sign' } },
        ignoreSign: {
          name: 'ignore_sign',
          in: 'query',
          required: false,
          schema: { $ref: '#/components/schemas/IgnoreSignText' },
        },
      },
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER, description: 'The session token.' },
      },
    },
  };
}

/** Swagger UI's files, as the package ships them. */
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MathBridge API</title>
<link rel="stylesheet" href="${API_PREFIX}/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="${API_PREFIX}/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_PREFIX}/docs/swagger-ui-bundle.js"></script>
<script src="${API_PREFIX}/docs/swagger-ui-standalone-preset.js"></script>
<script src="${API_PREFIX}/docs/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '${API_PREFIX}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  validatorUrl: null,
  tryItOutEnabled: false,
});
`;

/** Scripts and styles from the product only; Swagger UI needs inline styles and data: images. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Registers the reference's routes; call after every module has registered its calls. */
export function installApiReference(app: FastifyInstance, version: string): void {
  let document: string | undefined;
  app.get(`${API_PREFIX}/openapi.json`, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(app, version));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  app.get(`${API_PREFIX}/docs`, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(DOCS_HTML),
  );
  app.get(`${API_PREFIX}/docs/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_INIT),
  );
  for (const [file, type] of Object.entries(SWAGGER_FILES)) {
    app.get(`${API_PREFIX}/docs/${file}`, async (_request, reply) =>
      reply
        .type(type)
        .header('cache-control', 'public, max-age=3600')
        .send(fs.createReadStream(path.join(swaggerDir, file))),
    );
  }
}
