/**
 * `GET /openapi.json`: the API as an OpenAPI 3.1 document, for developers of apps of their own. Derived,
 * never written by hand: every player call of the contract's index (`CALLS`) with the request its route
 * validates (the call's zod schema, turned into JSON Schema by zod itself) and the envelope every call
 * shares (env_type, app_key, unique_token); every operator call of `OPERATOR_CALLS` with the right it
 * needs and what it reads. Each call's answer is its schema in the contract (ANSWER_SCHEMAS,
 * OPERATOR_ANSWERS), with an example, and the refusal `{status: false, msg, code}` with its HTTP status.
 *
 * @fastify/swagger (static mode: it only hands our document on) and @fastify/swagger-ui (the reference page,
 * its files served from this server, so the page needs nothing from another origin) are Fastify's own,
 * maintained with it; the page's files are about 3 MB on disk and load only when /docs is opened.
 */
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import {
  CALLS,
  OPERATOR_CALLS,
  OPERATOR_CALL_NAMES,
  OPERATOR_PREFIX,
  SERVED_ROUTES,
  VERIFY_HTTP,
  openApiPath,
  type ServedRoute,
  callSpec,
  type CallName,
  type OperatorCall,
} from '@matka/shared/contract';
import type { AppContext } from '../context';
import { SESSION_COOKIE } from '../operator/auth';
import {
  BookAnswerSchema,
  BookQuerySchema,
  LogAnswerSchema,
  LogConsistencyAnswerSchema,
  LogConsistencyQuerySchema,
  LogInclusionAnswerSchema,
  LogInclusionQuerySchema,
  LogQuerySchema,
  OPERATOR_ANSWERS,
  OPERATOR_REQUESTS,
  ProofAnswerSchema,
  ProofQuerySchema,
  REQUEST_SCHEMAS,
  SERVED_SCHEMAS,
  VerifyRefusalSchema,
  refusalText,
  refusalsOf,
  type OperatorCallWithAnswer,
  type OperatorCallWithRequest,
} from '@matka/shared/contract/schemas';
import { WRITTEN_ANSWERS, WRITTEN_OPERATOR_REFUSAL, WRITTEN_REFUSAL } from '@matka/shared/contract/written';

type JsonSchema = Record<string, unknown>;

/** A zod schema of the contract as JSON Schema 2020-12 (what OpenAPI 3.1 takes). */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
};

const REFUSAL: JsonSchema = {
  ...closed(jsonSchema(WRITTEN_REFUSAL, 'output')),
  description:
    "A refusal: `code` is what a client decides by (a player call's codes are its `x-refusals`; other answers " +
    'carry the code of their HTTP status: request, unauthorized, forbidden, not_found, conflict, too_large, ' +
    "too_many, server, unavailable, or refused); `msg` is for a person, in the player's language when the " +
    'account chose one.',
  examples: [{ status: false, msg: 'Session expired. Please login again.', code: 'msg.sessionExpired' }],
};
const ANSWER: JsonSchema = {
  type: 'object',
  description: 'An answer: `status` true, a message, and the fields of the call beside them.',
  properties: { status: { type: 'boolean' }, msg: { type: 'string' } },
  required: ['status'],
  additionalProperties: true,
};

/**
 * An answer as the server writes it: no field beside those it names (the contract's open objects let a
 * client read another server's extras; this server writes only what is declared).
 */
function closed(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(closed) as unknown as JsonSchema;
  if (schema === null || typeof schema !== 'object') return schema as JsonSchema;
  const out = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)])) as JsonSchema;
  const extra = out.additionalProperties;
  if (out.type === 'object' && extra && typeof extra === 'object' && !Object.keys(extra).length)
    out.additionalProperties = false;
  return out;
}

/** A call's 200 answer as the server writes it (the contract's schema with the installed apps' fields). */
const answerSchema = (name: CallName): JsonSchema => closed(jsonSchema(WRITTEN_ANSWERS[name], 'output'));

/** A call's request body: the envelope and the call's own fields, as its route validates them. */
function requestSchema(name: CallName): JsonSchema {
  const spec = callSpec(name);
  const own = jsonSchema(REQUEST_SCHEMAS[name], 'input');
  const properties: Record<string, JsonSchema> = {
    env_type: { type: 'string', description: "The app's environment ('Prod')." },
    ...(spec.keyless ? {} : { app_key: { type: 'string', description: "The app's key, as the operator gave it." } }),
    ...(spec.auth ? { unique_token: { type: 'string', description: "The player's session token (from login)." } } : {}),
    ...((own.properties as Record<string, JsonSchema> | undefined) ?? {}),
  };
  const required = [
    ...(spec.keyless ? [] : ['app_key']),
    ...(spec.auth ? ['unique_token'] : []),
    ...((own.required as string[] | undefined) ?? []),
  ];
  return { type: 'object', properties, required: [...new Set(required)] };
}

/** Values an example request shows for fields of these names (a real-looking request, never a real account). */
const EXAMPLE_VALUES: Record<string, unknown> = {
  env_type: 'Prod',
  app_key: '<your app key>',
  unique_token: '<the token login gave>',
  mobile: '9876543210',
  mobile_no: '9876543210',
  password: 'secret123',
  new_pass: 'secret456',
  old_pass: 'secret123',
  otp: '1234',
  name: 'Ravi Kumar',
  user_name: 'Ravi Kumar',
  amount: 500,
  points: 500,
  request_amount: 500,
  game_id: '5',
  // the histories' range: month/day/year
  bid_from: '12/01/2026',
  bid_to: '12/07/2026',
};

/** Strings an example tries against a field's pattern, in this order. */
const STRING_EXAMPLES = ['1', 'text', '2026-12-07', '9876543210', '0'.repeat(64), '10:00', 'regular'];

/** A value a schema accepts: of its name when it has a known one, else of its const, enum or type. */
function exampleValue(p: JsonSchema, name?: string): unknown {
  if (name !== undefined && name in EXAMPLE_VALUES) return EXAMPLE_VALUES[name];
  if (p.const !== undefined) return p.const;
  // the schema's own example (the bids of a request)
  if (Array.isArray(p.examples) && p.examples.length) return p.examples[0];
  if (Array.isArray(p.enum)) return p.enum[0];
  if (Array.isArray(p.anyOf)) return exampleValue(p.anyOf[0] as JsonSchema, name);
  if (Array.isArray(p.oneOf)) return exampleValue(p.oneOf[0] as JsonSchema, name);
  const type = Array.isArray(p.type) ? p.type[0] : p.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') {
    const n = typeof p.minItems === 'number' ? p.minItems : 0;
    return Array.from({ length: n }, () => exampleValue((p.items ?? {}) as JsonSchema));
  }
  if (type === 'object') return exampleOf(p);
  if (type === 'string') {
    if (typeof p.pattern !== 'string') return 'text';
    const pattern = new RegExp(p.pattern, 'u');
    return STRING_EXAMPLES.find((s) => pattern.test(s)) ?? 'text';
  }
  return '';
}

/** An example of a request (or of an object in it): each required field, and env_type. */
function exampleOf(schema: JsonSchema): Record<string, unknown> {
  // one of several shapes: an example of the first
  const first = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(first) && first.length) return exampleOf(first[0]);
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = [...('env_type' in props ? ['env_type'] : []), ...((schema.required as string[] | undefined) ?? [])];
  return Object.fromEntries(names.map((name) => [name, exampleValue(props[name] ?? {}, name)]));
}

const refusals = (codes: string[], component: 'Refusal' | 'OperatorRefusal' = 'Refusal') =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      {
        description:
          {
            '400': 'The request is refused',
            '401': 'No app key or no session',
            '403': 'Not allowed',
            '429': 'Too many requests',
          }[code] ?? 'Refused',
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` } } },
      },
    ]),
  );

/** An operator call's request as the contract declares it: a POST's body, a GET's query parameters. */
function operatorInput(call: OperatorCall, method: string): Record<string, unknown> {
  const declared = Object.hasOwn(OPERATOR_REQUESTS, call)
    ? jsonSchema(OPERATOR_REQUESTS[call as OperatorCallWithRequest], 'input')
    : null;
  if (method === 'POST') {
    const schema = declared ?? { type: 'object', description: 'No fields.' };
    return { requestBody: { required: declared !== null, content: { 'application/json': { schema } } } };
  }
  if (!declared) return {};
  const props = (declared.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((declared.required as string[] | undefined) ?? []);
  return {
    parameters: Object.entries(props).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
    })),
  };
}

/** The calls that answer bytes, not JSON, and what they answer. */
const BYTES: Partial<Record<OperatorCall, { type: string; description: string }>> = {
  depositScreenshot: { type: 'image/*', description: 'The payment screenshot the player sent, as the image itself' },
  backup: { type: 'application/gzip', description: "A consistent copy of the embedded database's data dir (tar.gz)" },
};

/** An operator call's 200 answer as the contract declares it (or the bytes it answers). */
function operatorAnswer(call: OperatorCall): Record<string, unknown> {
  const bytes = BYTES[call];
  if (bytes)
    return {
      description: bytes.description,
      content: { [bytes.type]: { schema: { type: 'string', contentEncoding: 'binary' } } },
    };
  const schema = Object.hasOwn(OPERATOR_ANSWERS, call)
    ? jsonSchema(OPERATOR_ANSWERS[call as OperatorCallWithAnswer], 'output')
    : ANSWER;
  return {
    description: 'The answer',
    content: { 'application/json': { schema, example: exampleOf(schema) } },
  };
}

/** What anyone may check a receipt against (VERIFY_HTTP): GET, a query, any origin, no session. */
function verifyPaths(): Record<string, Record<string, unknown>> {
  const query = (schema: z.ZodObject) =>
    Object.entries(schema.shape).map(([name, field]) => ({
      name,
      in: 'query',
      required: true,
      schema: jsonSchema(field as z.ZodType, 'input'),
    }));
  const json = (schema: z.ZodType, description: string) => ({
    description,
    content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
  });
  const refused = {
    '400': json(VerifyRefusalSchema, 'The query is not valid (`code` bad_query): `error` says why'),
    '404': json(
      VerifyRefusalSchema,
      'Not there (yet): `code` no_bid, no_book, or not_sealed (the session is still open); `error` says it',
    ),
    '409': json(VerifyRefusalSchema, '`code` not_in_book: the bid is missing from its sealed book'),
    '429': json(VerifyRefusalSchema, '`code` too_many: this address asked too often; try again later'),
  };
  const get = (operationId: string, description: string, extra: Record<string, unknown>) => ({
    // anyone may ask: no credential
    get: { operationId, tags: ['verification'], summary: operationId, description, security: [], ...extra },
  });
  return {
    [VERIFY_HTTP.jwks]: get('jwks', 'The public keys of bid receipts and sealed books: a JWKS (RFC 7517).', {
      responses: {
        '200': { description: 'The keys (application/jwk-set+json), each with its `kid`' },
        '408': { description: 'The request took too long to arrive' },
      },
    }),
    [VERIFY_HTTP.book]: get(
      'verifyBook',
      "A market session's sealed book: an RFC 6962 tree over its receipts, its size, root and signature (a JWS).",
      { parameters: query(BookQuerySchema), responses: { '200': json(BookAnswerSchema, 'The book'), ...refused } },
    ),
    [VERIFY_HTTP.proof]: get(
      'verifyProof',
      "A bid's inclusion proof in its session's sealed book (RFC 6962 section 2.1.1), hashes in hex.",
      { parameters: query(ProofQuerySchema), responses: { '200': json(ProofAnswerSchema, 'The proof'), ...refused } },
    ),
    [VERIFY_HTTP.log]: get(
      'verifyLog',
      "The audit trail's signed heads (newest first); with `seq`, the chain's row there as it is now.",
      {
        parameters: query(LogQuerySchema).map((p) => ({ ...p, required: false })),
        responses: { '200': json(LogAnswerSchema, 'The heads'), '400': refused['400'], '429': refused['429'] },
      },
    ),
    [VERIFY_HTTP.logConsistency]: get(
      'verifyLogConsistency',
      "That the log's tree of size `to` extends its tree of size `from` (both signed heads): an RFC 9162 section 2.1.4 consistency proof, hashes in hex.",
      {
        parameters: query(LogConsistencyQuerySchema),
        responses: { '200': json(LogConsistencyAnswerSchema, 'The two heads and the proof'), ...refused },
      },
    ),
    [VERIFY_HTTP.logInclusion]: get(
      'verifyLogInclusion',
      "A leaf of the log (a sealed book's head or a signed audit head, RFC 8785 JSON) and its RFC 9162 section 2.1.3 inclusion proof in the signed tree head of `size`.",
      {
        parameters: query(LogInclusionQuerySchema),
        responses: { '200': json(LogInclusionAnswerSchema, 'The leaf, the head and the proof'), ...refused },
      },
    ),
  };
}

const MEDIA: Record<ServedRoute['kind'], string> = {
  json: 'application/json',
  html: 'text/html',
  file: 'application/octet-stream',
  text: 'text/plain',
  stream: 'text/event-stream',
};

/** A served route (served.ts) as the document says it: its parameters, its request and its answer. */
function servedOperation(r: ServedRoute): Record<string, unknown> {
  const schemas = r.schema ? SERVED_SCHEMAS[r.schema] : undefined;
  const path = openApiPath(r.path);
  const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...(name === 'path' ? { description: 'The rest of the path' } : {}),
  }));
  const answer = schemas
    ? r.kind === 'stream'
      ? {
          schema: { type: 'string', description: 'Server-sent events; each `data:` is one of these JSON events' },
          'x-events': jsonSchema(schemas.answer, 'output'),
        }
      : { schema: jsonSchema(schemas.answer, 'output') }
    : { schema: { type: 'string', ...(r.kind === 'file' ? { format: 'binary' } : {}) } };
  const request = schemas?.request ? jsonSchema(schemas.request, 'input') : null;
  return {
    operationId: `served.${r.method.toLowerCase()}.${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'root'}`,
    tags: [r.tag],
    summary: r.summary,
    security: [],
    ...(parameters.length ? { parameters } : {}),
    ...(request && r.method === 'POST'
      ? {
          requestBody: {
            required: true,
            content: {
              [r.multipart ? 'multipart/form-data' : 'application/json']: {
                schema: request,
                example: exampleOf(request),
              },
            },
          },
        }
      : {}),
    responses: {
      '200': { description: r.summary, content: { [MEDIA[r.kind]]: answer } },
      ...(r.kind === 'json' || r.kind === 'stream' ? refusals(['400', '401', '429']) : {}),
      ...(r.path.includes(':') || r.path.endsWith('*') ? { '404': { description: 'No such file or page' } } : {}),
      ...(r.path === '/metrics' ? { '403': { description: 'Not to this address, and no metrics token' } } : {}),
      // any request that arrives too slowly
      '408': { description: 'The request took too long to arrive' },
    },
  };
}

/** The document, for the server at `base` (PUBLIC_URL, or the address the request came to). */
export function openApiDocument(base: string | undefined) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(CALLS) as CallName[]) {
    const spec = callSpec(name);
    const body = requestSchema(name);
    paths[`/api/${name}`] = {
      post: {
        operationId: name,
        tags: [spec.family ? `player: ${spec.family}` : 'player'],
        summary: name,
        description: [
          spec.auth ? "Needs the player's session (`unique_token`)." : 'No session needed.',
          spec.list ? `The answer's list is \`${spec.list}\`.` : '',
          'Its refusals (`x-refusals`: a code, its English text) come as `{status: false, msg, code}`, the text in ' +
            "the player's language; `request` is the message of a field of the request that is missing or not valid.",
        ]
          .filter(Boolean)
          .join(' '),
        'x-refusals': refusalsOf(name).map((code) => ({ code, text: refusalText(code) })),
        // the app key and the session travel in the JSON body (the envelope above), not in a header
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: body,
              example: exampleOf(body),
            },
          },
        },
        responses: {
          '200': {
            description: "The answer (a refusal of the game's rules also comes with 200 and status false)",
            content: {
              'application/json': {
                schema: { anyOf: [answerSchema(name), { $ref: '#/components/schemas/Refusal' }] },
                example: exampleOf(answerSchema(name)),
              },
            },
          },
          ...refusals(['400', '401', '429']),
        },
      },
    };
  }
  for (const call of OPERATOR_CALL_NAMES) {
    const { method, path, access } = OPERATOR_CALLS[call];
    const entry = {
      operationId: `operator.${call}`,
      tags: ['operator'],
      summary: `${method} ${OPERATOR_PREFIX}${path}`,
      description:
        access === 'sign-in'
          ? 'Signs an operator in (no session needed).'
          : access === 'self' || access === 'self-setup'
            ? 'Any signed-in operator.'
            : `Needs the operator right \`${access}\`.`,
      security: access === 'sign-in' ? [] : [{ operatorToken: [] }, { consoleSession: [] }],
      ...operatorInput(call, method),
      responses: {
        '200': operatorAnswer(call),
        ...refusals(['400', '401', '403', '429'], 'OperatorRefusal'),
      },
    };
    paths[`${OPERATOR_PREFIX}${path}`] = {
      ...(paths[`${OPERATOR_PREFIX}${path}`] ?? {}),
      [method.toLowerCase()]: entry,
    };
  }
  Object.assign(paths, verifyPaths());
  for (const r of SERVED_ROUTES) {
    const path = openApiPath(r.path);
    paths[path] = { ...(paths[path] ?? {}), [r.method.toLowerCase()]: servedOperation(r) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Matka API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'Every call of the player API (POST, JSON envelope) and of the operator API, and what anyone may ' +
        "check a bid receipt against. Player calls also answer at the original backend's spellings (docs/clients.md).",
    },
    // this server: PUBLIC_URL, else where the document itself was fetched from
    servers: [{ url: base || '/', description: 'This server' }],
    paths,
    components: {
      schemas: {
        Refusal: REFUSAL,
        OperatorRefusal: {
          ...closed(jsonSchema(WRITTEN_OPERATOR_REFUSAL, 'output')),
          description:
            "An operator call's refusal: `code` by its HTTP status or its own, `msg` for the operator, and what " +
            'the console acts on besides (a session that ended, a password to set first, a code to give).',
          examples: [
            { status: false, msg: 'Your session has ended: sign in again', code: 'unauthorized', signed_out: true },
          ],
        },
      },
      securitySchemes: {
        operatorToken: { type: 'http', scheme: 'bearer', description: "The operator token (the CLI's)." },
        consoleSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: "The console's session." },
      },
    },
  };
}

/**
 * `/openapi.json` (the document, built once every route is declared) and `/docs`, its reference page
 * (Swagger UI, served from this server: @fastify/swagger in static mode hands it our document).
 */
export async function registerApiDocs(app: FastifyInstance, ctx: AppContext) {
  const document = openApiDocument(ctx.config.publicUrl);
  const text = JSON.stringify(document);
  app.get('/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(text),
  );
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
  });
}
