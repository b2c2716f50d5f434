/**
 * The deployment's log: each sealed book's head and each signed audit head becomes a leaf as it is made,
 * and the tree is signed with the head key; /verify/log answers the newest signed tree head, and its
 * consistency proofs (between any two signed sizes) and inclusion proofs (each leaf) verify with the
 * RFC 9162 verifier the /verify page and the witnesses run. The log's rows refuse an edit.
 */
import { sql } from 'kysely';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import {
  LogAnswerSchema,
  LogConsistencyAnswerSchema,
  LogInclusionAnswerSchema,
  VerifyRefusalSchema,
} from '@matka/shared/contract/schemas';
import { bytesOfHex, logLeafHash, verifyConsistency, verifyInclusion } from '@matka/shared/receipts/log';
import { audit } from '../src/services/audit';
import { sealBooks } from '../src/services/books';
import { kolkata, makeTestApp, marketByName, operatorCall, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());

const DATE = '2026-03-10';

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown };
}

const tree = async () => LogAnswerSchema.parse((await get('/verify/log')).body).tree;

test('books and audit heads are leaves; every signed size is consistent with the next and holds its leaves', async () => {
  expect(await tree()).toBeNull();
  const sizes: number[] = [];
  for (const name of ['MORNING STAR', 'SRIDEVI']) {
    const m = await marketByName(t, name);
    await sealBooks(t.ctx.db, t.ctx.receipts, m.id, DATE, ['open'], t.clock.now());
    sizes.push((await tree())!.size);
  }
  // an operator's action, then its chain's head signed: the head is the log's third leaf
  await audit(t.ctx.db, 'market off-days', 'regular:KALYAN', { days: [0] }, null, { days: [0] });
  const signed = await operatorCall(t, 'audit/sign', {});
  expect(signed.body.status).toBe(true);
  const head = (await tree())!;
  sizes.push(head.size);
  expect(sizes).toEqual([1, 2, 3]);

  // the tree head is a JWS of the head key, over what the answer says
  const jwks = (await get('/.well-known/jwks.json')).body as JSONWebKeySet;
  const { payload, protectedHeader } = await compactVerify(head.signature, createLocalJWKSet(jwks));
  expect(protectedHeader.alg).toBe('EdDSA');
  expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({
    typ: 'matka-log-head',
    size: 3,
    root: head.root,
    signed_at: head.signed_at,
  });

  // each leaf: its statement, its hash, and its proof in the newest head
  const kinds: string[] = [];
  for (let index = 0; index < head.size; index++) {
    const res = await get(`/verify/log/inclusion?index=${index}&size=${head.size}`);
    expect(res.status).toBe(200);
    const p = LogInclusionAnswerSchema.parse(res.body);
    const leaf = await logLeafHash(new TextEncoder().encode(p.leaf));
    expect(Buffer.from(leaf).toString('hex')).toBe(p.leaf_hash);
    expect(await verifyInclusion(leaf, index, head.size, p.proof.map(bytesOfHex), bytesOfHex(head.root))).toBe(true);
    kinds.push((JSON.parse(p.leaf) as { kind: string }).kind);
  }
  expect(kinds).toEqual(['book', 'book', 'audit']);

  // every earlier signed size is extended by the newest
  for (const from of [1, 2, 3]) {
    const res = await get(`/verify/log/consistency?from=${from}&to=3`);
    expect(res.status).toBe(200);
    const c = LogConsistencyAnswerSchema.parse(res.body);
    expect(
      await verifyConsistency(from, 3, bytesOfHex(c.from.root), bytesOfHex(c.to.root), c.proof.map(bytesOfHex)),
    ).toBe(true);
  }
});

test('a size never signed, a leaf past the head and a bad query are refused with their codes', async () => {
  const refusal = async (url: string) => {
    const res = await get(url);
    return [res.status, VerifyRefusalSchema.parse(res.body).code];
  };
  expect(await refusal('/verify/log/consistency?from=1&to=99')).toEqual([404, 'no_head']);
  expect(await refusal('/verify/log/inclusion?index=0&size=99')).toEqual([404, 'no_head']);
  expect(await refusal('/verify/log/inclusion?index=5&size=3')).toEqual([400, 'bad_query']);
  expect(await refusal('/verify/log/consistency?from=3&to=1')).toEqual([400, 'bad_query']);
  expect(await refusal('/verify/log/consistency?from=x&to=1')).toEqual([400, 'bad_query']);
});

test("the log's rows refuse an edit and a deletion", async () => {
  await expect(sql`UPDATE log_leaves SET leaf = '{}' WHERE idx = 0`.execute(t.ctx.db)).rejects.toThrow();
  await expect(sql`DELETE FROM log_heads`.execute(t.ctx.db)).rejects.toThrow();
  expect((await tree())!.size).toBe(3);
});
