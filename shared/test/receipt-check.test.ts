/**
 * @jest-environment node
 */
/**
 * The /verify page's check of a receipt, against a server that answers dishonestly: a proof of the
 * receipt's own leaf through another market's book (consistent and signed) is Not valid; a refusal is
 * read by its code, never its text; a receipt written with another base64url of the same bytes is not
 * the receipt. Node's WebCrypto and jose, with the server's answers given by a fetch stand-in.
 */
import { CompactSign, exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import { checkReceipt, isCanonicalJws } from '../src/receipts/check';

const DAY = '2026-03-10';
let key: CryptoKey;
let jwks: JSONWebKeySet;
const sign = async (payload: object) =>
  new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .sign(key);

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { extractable: true });
  key = pair.privateKey as CryptoKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'EdDSA' }] };
});

const receiptOf = () =>
  sign({
    typ: 'matka-bid-receipt',
    sub: '7',
    player: 'p',
    market: { id: 25, name: 'KALYAN' },
    family: 'regular',
    date: DAY,
    session: 'Open',
    bet_type: 'single_digit',
    bids: [{ id: '70', digits: '1', closedigits: '', points: 100, rate: '10-95' }],
    accepted_at: '2026-03-10T04:00:00.000Z',
  });

const hex = (b: ArrayBuffer) => Buffer.from(b).toString('hex');
const leafOf = async (jws: string) =>
  hex(await crypto.subtle.digest('SHA-256', Buffer.concat([Buffer.of(0), Buffer.from(jws, 'ascii')])));

/** The server's answers, by path; anything else 404 with no body. */
function serve(answers: Record<string, { status: number; body: unknown }>) {
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    const path = String(url).split('?')[0];
    const a = answers[path] ?? { status: 404, body: {} };
    return new Response(JSON.stringify(a.body), { status: a.status });
  }) as typeof fetch;
}

/** A one-receipt book of `market` (its root is the leaf: RFC 6962) holding `leaf`, signed by the key. */
async function bookOf(market: number, leaf: string) {
  const head = {
    typ: 'matka-bid-book',
    market: { id: market, name: 'M' },
    family: 'regular',
    date: DAY,
    session: 'open',
    size: 1,
    root: leaf,
    sealed_at: '2026-03-10T06:00:00.000Z',
  };
  return {
    ...head,
    signature: await sign(head),
    result: '128-1',
    declared: { open_pana: '128', close_pana: null, jodi: null },
    declared_by: 'Ravi',
    certified_by: 'Sita',
  };
}

const proofOf = (market: number, leaf: string) => ({
  bid_id: '70',
  submission_id: '7',
  market_id: market,
  date: DAY,
  session: 'open',
  leaf_index: 0,
  tree_size: 1,
  leaf_hash: leaf,
  audit_path: [],
  root: leaf,
});

it("a proof of the receipt through its own book is Genuine, and through another market's book Not valid", async () => {
  const receipt = await receiptOf();
  const leaf = await leafOf(receipt);
  serve({
    '/.well-known/jwks.json': { status: 200, body: jwks },
    '/verify/proof': { status: 200, body: proofOf(25, leaf) },
    '/verify/book': { status: 200, body: await bookOf(25, leaf) },
  });
  const own = await checkReceipt(receipt);
  expect(own).toMatchObject({ valid: true, book: { market: { id: 25 } }, bids: [{ outcome: 'win', won: 950 }] });

  // market 26's book, as consistent and signed as can be, holding this receipt's leaf
  serve({
    '/.well-known/jwks.json': { status: 200, body: jwks },
    '/verify/proof': { status: 200, body: proofOf(26, leaf) },
    '/verify/book': { status: 200, body: await bookOf(26, leaf) },
  });
  expect(await checkReceipt(receipt)).toMatchObject({ valid: false, reason: 'wrongBook' });
  // the right market's book, but a proof of another leaf
  serve({
    '/.well-known/jwks.json': { status: 200, body: jwks },
    '/verify/proof': { status: 200, body: proofOf(25, '00'.repeat(32)) },
    '/verify/book': { status: 200, body: await bookOf(25, '00'.repeat(32)) },
  });
  expect(await checkReceipt(receipt)).toMatchObject({ valid: false, reason: 'wrongBook' });
});

it('refusals are read by their codes, whatever their text says', async () => {
  const receipt = await receiptOf();
  const answer = (status: number, body: unknown) =>
    serve({ '/.well-known/jwks.json': { status: 200, body: jwks }, '/verify/proof': { status, body } });
  answer(404, { code: 'not_sealed', error: 'anything at all' });
  expect(await checkReceipt(receipt)).toMatchObject({ valid: true, book: null });
  // a text that says "still open" with another code is not an open session
  answer(404, { code: 'no_bid', error: "Bid 70's session is still open" });
  expect(await checkReceipt(receipt)).toMatchObject({ valid: false, reason: 'missing' });
  answer(409, { code: 'not_in_book', error: '' });
  expect(await checkReceipt(receipt)).toMatchObject({ valid: false, reason: 'notInBook' });
});

it('a receipt with another base64url of the same signature bytes is not the receipt', async () => {
  const receipt = await receiptOf();
  expect(isCanonicalJws(receipt)).toBe(true);
  // 64 bytes make 86 characters: the last carries 4 bits of padding, which must be zero
  const last = receipt.at(-1)!;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const same = alphabet[(alphabet.indexOf(last) & ~0xf) | ((alphabet.indexOf(last) + 1) & 0xf)];
  const changed = receipt.slice(0, -1) + same;
  expect(Buffer.from(changed.split('.')[2], 'base64url')).toEqual(Buffer.from(receipt.split('.')[2], 'base64url'));
  expect(isCanonicalJws(changed)).toBe(false);
  serve({ '/.well-known/jwks.json': { status: 200, body: jwks } });
  expect(await checkReceipt(changed)).toEqual({ valid: false, reason: 'malformed' });
});
