/**
 * GET /openapi.json: a valid OpenAPI 3.1 document of every player call of the contract and the whole
 * operator API, derived from what the routes validate; a real session's requests conform to it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { CALLS, OPERATOR_CALLS, VERIFY_HTTP, openApiPath } from '@matka/shared/contract';
import { isDeclaredRoute, refuseUndeclaredRoutes, registeredRoutes } from '../src/http/declared';
import { APP_KEY, OPERATOR_TOKEN, createUser, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
        responses: Record<string, { content: Record<string, { schema: object }> }>;
      }
    >
  >;
  components: { schemas: Record<string, object> };
};
const fetchDoc = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Doc;
};

test('validates as OpenAPI 3.1 and lists every player call and every operator call', async () => {
  const doc = await fetchDoc();
  expect(doc.openapi).toBe('3.1.0');
  // checked by an outside validator of the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator's CLI)
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  try {
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
    const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const run = spawnSync(process.execPath, [cli, path.join(dir, 'openapi.json')], { encoding: 'utf8' });
    expect([run.status, JSON.parse(run.stdout)]).toEqual([0, { valid: true }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const name of Object.keys(CALLS)) expect([name, Boolean(doc.paths[`/api/${name}`]?.post)]).toEqual([name, true]);
  for (const [call, { method, path }] of Object.entries(OPERATOR_CALLS)) {
    expect([call, Boolean(doc.paths[`/operator${path}`]?.[method.toLowerCase()])]).toEqual([call, true]);
  }
  // and what anyone checks a receipt against, with their queries
  for (const p of Object.values(VERIFY_HTTP)) expect([p, Boolean(doc.paths[p]?.get)]).toEqual([p, true]);
  const book = doc.paths[VERIFY_HTTP.book].get as unknown as { parameters: { name: string }[] };
  expect(book.parameters.map((q) => q.name)).toEqual(['market', 'date', 'session']);
});

test("a real session's requests and answers conform to the document, and a request the server refuses does not", async () => {
  const doc = await fetchDoc();
  const ajv = new Ajv2020({ strict: false });
  // the answers name the shared refusal by its $ref into the document's components
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const inDoc = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components'));
  const schemaOf = (name: string) => doc.paths[`/api/${name}`].post.requestBody!.content['application/json'].schema;
  const p = await createUser(t, { wallet: 500 });
  const requests: [string, Record<string, unknown>][] = [
    ['api-user-login', { env_type: 'Prod', app_key: APP_KEY, mobile: p.mobile, password: 'secret123' }],
    ['api-home-info', { env_type: 'Prod', app_key: APP_KEY, unique_token: p.token }],
    ['api-user-wallet-balance', { env_type: 'Prod', app_key: APP_KEY, unique_token: p.token }],
    ['api-fund-request-add', { env_type: 'Prod', app_key: APP_KEY, unique_token: p.token, request_amount: 500 }],
    [
      'api-user-transfer-wallet-balance',
      { env_type: 'Prod', app_key: APP_KEY, unique_token: p.token, amount: 10, mobile_no: '9876543210' },
    ],
  ];
  for (const [name, body] of requests) {
    const valid = ajv.validate(schemaOf(name), body);
    expect([name, valid, ajv.errors ?? null]).toEqual([name, true, null]);
    // and the server takes it (not a schema refusal), answering what the document says it answers
    const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, payload: body });
    expect([name, res.statusCode]).toEqual([name, 200]);
    const answer = inDoc(doc.paths[`/api/${name}`].post.responses['200'].content['application/json'].schema);
    expect([name, ajv.validate(answer, res.json()), ajv.errors ?? null]).toEqual([name, true, null]);
  }
  // an answer of another shape does not conform: the document's answers say what each field is
  const home = inDoc(doc.paths['/api/api-home-info'].post.responses['200'].content['application/json'].schema);
  expect(ajv.validate(home, { status: true, result: 'none' })).toBe(false);
  // a login without a mobile: the document says it is missing, and the server refuses it
  const bad = { env_type: 'Prod', app_key: APP_KEY, password: 'secret123' };
  expect(ajv.validate(schemaOf('api-user-login'), bad)).toBe(false);
  const refused = await t.app.inject({ method: 'POST', url: '/api/api-user-login', payload: bad });
  expect(refused.json()).toMatchObject({ status: false });
});

test("an operator call's body and query are the contract's: what the document refuses, the server refuses", async () => {
  const doc = (await fetchDoc()) as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: Record<string, { schema: object }> };
          parameters?: { name: string; required: boolean }[];
        }
      >
    >;
  };
  const ajv = new Ajv2020({ strict: false });
  const addMarket = doc.paths['/operator/market/add'].post.requestBody!.content['application/json'].schema;
  const good = { family: 'gali', name: 'NOON GALI', open: '13:00', close: '14:00' };
  expect(ajv.validate(addMarket, good)).toBe(true);
  const bad = { family: 'gali', open: '13:00' };
  expect(ajv.validate(addMarket, bad)).toBe(false);
  const send = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/operator/market/add',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload,
    });
  expect((await send(bad)).json()).toEqual({ status: false, msg: 'Market name is required', code: expect.any(String) });
  const added = await send(good);
  expect(added.json()).toMatchObject({ status: true });
  const answerOf = (path: string, method: string) =>
    (
      doc.paths[path][method] as unknown as {
        responses: Record<string, { content: Record<string, { schema: object }> }>;
      }
    ).responses['200'].content['application/json'].schema;
  expect(ajv.validate(answerOf('/operator/market/add', 'post'), added.json())).toBe(true);
  // and what the document says an answer holds: an answer without its fields does not conform
  expect(ajv.validate(answerOf('/operator/market/add', 'post'), { status: true, msg: 'Added' })).toBe(false);
  // every list and figure the console reads conforms to the document
  const reads = Object.values(OPERATOR_CALLS).filter(
    (c) =>
      c.method === 'GET' &&
      !doc.paths[`/operator${c.path}`].get.parameters?.some((p) => p.required) &&
      !['/backup', '/deposits/screenshot'].includes(c.path),
  );
  expect(reads.length).toBeGreaterThan(12);
  for (const c of reads) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/operator${c.path}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect([c.path, res.statusCode]).toEqual([c.path, 200]);
    const valid = ajv.validate(answerOf(`/operator${c.path}`, 'get'), res.json());
    expect([c.path, valid, ajv.errors ?? null]).toEqual([c.path, true, null]);
  }
  // a GET's query: the search's parameters
  expect(doc.paths['/operator/users'].get.parameters?.map((p) => [p.name, p.required])).toEqual([
    ['q', false],
    ['limit', false],
  ]);
});

test("every player call's example request is one its own schema accepts", async () => {
  const doc = await fetchDoc();
  const ajv = new Ajv2020({ strict: false });
  const wrong: string[] = [];
  for (const name of Object.keys(CALLS)) {
    const json = doc.paths[`/api/${name}`].post.requestBody!.content['application/json'];
    if (!ajv.validate(json.schema, json.example)) wrong.push(`${name}: ${ajv.errorsText()}`);
  }
  expect(wrong).toEqual([]);
});

test('every route the server registered is in the document, and a route declared nowhere stops the start', async () => {
  const doc = await fetchDoc();
  const routes = registeredRoutes(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  expect(routes.length).toBeGreaterThan(150);
  const missing = routes
    .map((r) => `${r.method} ${openApiPath(r.url)}`)
    .filter((key) => {
      const [method, path] = key.split(' ');
      return !doc.paths[path]?.[method.toLowerCase()];
    });
  expect(missing).toEqual([]);
  // the live stream, the upload, the families' releases, the charts and a refused original route are among them
  for (const path of ['/api/live', '/api/api-fund-payment-slip-upload', '/remotes.json', '/charts/gali/{id}'])
    expect([path, Boolean(doc.paths[path])]).toEqual([path, true]);
  const slip = doc.paths['/api/api-fund-payment-slip-upload'].post;
  expect(Object.keys(slip.requestBody!.content)).toEqual(['multipart/form-data']);
  // a route declared nowhere
  const app = Fastify();
  refuseUndeclaredRoutes(app);
  expect(() => app.get('/api/api-not-declared', async () => ({}))).toThrow(/declared nowhere/);
  expect(isDeclaredRoute('POST', '/api/api-user-login')).toBe(true);
  expect(isDeclaredRoute('GET', '/api/api-user-login')).toBe(false);
  expect(isDeclaredRoute('POST', '/operator/nothing')).toBe(false);
  await app.close();
});

test("Redocly's recommended rules find nothing in the document", async () => {
  const doc = await fetchDoc();
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
  expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
});
