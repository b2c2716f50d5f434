/**
 * The signing keys on disk: one per kind of statement, each published with the days it signs; a key of
 * the older layout (one key for everything) keeps its days, and the players' ids theirs; a rotated key
 * signs nothing after its last day, a retired one nothing at all; a checker refuses a key of another kind
 * or outside its days, even when the signature itself is right.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { verifyAs } from '@matka/shared/receipts';
import type { ReceiptPayload } from '@matka/shared/contract';
import { loadReceiptSigner, receiptFor, ReceiptSigner } from '../src/services/receipts';

const quiet = { warn: () => {} };
const NOW = new Date('2026-03-10T06:00:00Z'); // 11:30 in Kolkata, market day 2026-03-10
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const pem = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function receiptOn(signer: ReceiptSigner, date: string): string {
  return receiptFor(signer, {
    submissionId: '1',
    userId: '7',
    family: 'regular',
    market: { id: 3, name: 'KALYAN' },
    date,
    session: 'Open',
    betType: 'single_digit',
    acceptedAt: new Date(`${date}T04:30:00Z`),
    bids: [{ id: '9', digits: '5', closedigits: '', points: 10, rate_1: 10, rate_2: 95 }],
  });
}

/** Replaces a key's file by its public key, as an operator retires it. */
function retire(folder: string, name: string, as: string) {
  const file = path.join(dir, folder, name);
  const pub = createPublicKey(createPrivateKey(fs.readFileSync(file, 'utf8'))).export({ type: 'spki', format: 'pem' });
  fs.rmSync(file);
  fs.writeFileSync(path.join(dir, folder, as), pub);
}

const asReceipt = (jws: string, signer: ReceiptSigner) =>
  verifyAs<ReceiptPayload>(jws, signer.jwks(), 'receipt', (c) => c.date);

test('a fresh folder gets a key of each kind and a player secret, published with no bounds', async () => {
  const warned: string[] = [];
  const signer = await loadReceiptSigner(dir, 'otp secret', { warn: (m) => warned.push(m) }, NOW);
  for (const folder of ['receipts', 'books', 'heads', 'days'])
    expect(fs.readdirSync(path.join(dir, folder))).toEqual(['2026-03-10.pem']);
  expect(fs.readdirSync(path.join(dir, 'player-id'))).toEqual(['2026-03-10.secret']);
  expect(warned).toHaveLength(4);
  const keys = signer.jwks().keys;
  expect(keys.map((k) => [k.purpose, k.from, k.until])).toEqual([
    ['receipt', undefined, undefined],
    ['book', undefined, undefined],
    ['head', undefined, undefined],
    ['day', undefined, undefined],
  ]);
  // the player's id is keyed by its own secret, not the OTP secret
  const secret = fs.readFileSync(path.join(dir, 'player-id', '2026-03-10.secret'), 'utf8');
  const id = (s: string) => createHmac('sha256', s).update('receipt-player:7').digest('base64url').slice(0, 22);
  expect(signer.playerId('7', '2026-03-10')).toBe(id(secret));
  expect(signer.playerId('7', '2026-03-10')).not.toBe(id('otp secret'));
  // loaded again: the same keys
  const again = await loadReceiptSigner(dir, 'otp secret', quiet, NOW);
  expect(again.jwks()).toEqual(signer.jwks());
});

test('a deployment of one key for everything keeps it for its days; the new keys start tomorrow', async () => {
  const older = pem();
  fs.writeFileSync(path.join(dir, '2026-01-01.pem'), older);
  const olderSigner = await ReceiptSigner.fromPems([{ pem: older, from: '2026-01-01', purpose: null }], 'otp secret');
  const before = receiptOn(olderSigner, '2026-03-10');

  const signer = await loadReceiptSigner(dir, 'otp secret', quiet, NOW);
  expect(fs.readdirSync(path.join(dir, 'receipts'))).toEqual(['2026-03-11.pem']);
  // today's receipts are rebuilt byte for byte: the older key and the older player id
  expect(receiptOn(signer, '2026-03-10')).toBe(before);
  const keys = signer.jwks().keys;
  expect(keys[0]).toMatchObject({ until: '2026-03-10' });
  expect(keys[0]).not.toHaveProperty('purpose');
  expect(keys.slice(1).map((k) => [k.purpose, k.from, k.until])).toEqual([
    ['receipt', '2026-03-11', undefined],
    ['book', '2026-03-11', undefined],
    ['head', '2026-03-11', undefined],
    ['day', '2026-03-11', undefined],
  ]);
  const tomorrow = receiptOn(signer, '2026-03-11');
  expect(decodeProtectedHeader(tomorrow).kid).toBe(keys[1].kid);
  expect(signer.playerId('7', '2026-03-11')).not.toBe(signer.playerId('7', '2026-03-10'));
  expect(await asReceipt(before, signer)).toMatchObject({ kid: keys[0].kid });
  expect(await asReceipt(tomorrow, signer)).toMatchObject({ kid: keys[1].kid });

  // whoever kept the older key cannot sign a receipt of a later day with it
  const forged = receiptOn(olderSigner, '2026-03-11');
  expect(await asReceipt(forged, signer)).toBe('keyNotFor');
});

test('a rotated key signs nothing after its last day, a retired one nothing more; each kind its own', async () => {
  const first = await loadReceiptSigner(dir, 'otp secret', quiet, NOW);
  const oldKid = first.jwks().keys[0].kid;
  const oldReceipt = receiptOn(first, '2026-03-10');
  // the next receipt key, from the 20th
  fs.writeFileSync(path.join(dir, 'receipts', '2026-03-20.pem'), pem());
  const rotated = await loadReceiptSigner(dir, 'otp secret', quiet, NOW);
  const receipts = rotated.jwks().keys.filter((k) => k.purpose === 'receipt');
  expect(receipts.map((k) => [k.kid === oldKid, k.from, k.until])).toEqual([
    [true, undefined, '2026-03-19'],
    [false, '2026-03-20', undefined],
  ]);
  expect(await asReceipt(oldReceipt, rotated)).toMatchObject({ kid: oldKid });
  // the old key's holder signs a receipt of the 20th: refused, though its signature is right
  expect(await asReceipt(receiptOn(first, '2026-03-20'), rotated)).toBe('keyNotFor');
  expect(await asReceipt(receiptOn(rotated, '2026-03-20'), rotated)).toMatchObject({ kid: receipts[1].kid });

  // retired: its private key replaced by its public key; still published, signing nothing
  retire('receipts', '2026-03-10.pem', '2026-03-10.pub.pem');
  const retired = await loadReceiptSigner(dir, 'otp secret', quiet, NOW);
  expect(retired.jwks()).toEqual(rotated.jwks());
  expect(retired.canSign('receipt', '2026-03-10')).toBe(false);
  expect(() => retired.sign({ date: '2026-03-10' } as ReceiptPayload)).toThrow(/retired/);
  expect(retired.canSign('receipt', '2026-03-20')).toBe(true);
  expect(retired.canSign('book', '2026-03-10')).toBe(true);
  expect(await asReceipt(oldReceipt, retired)).toMatchObject({ kid: oldKid });

  // a book key's signature over a receipt is no receipt of the server
  const byBookKey = rotated.signAs(
    'book',
    JSON.parse(Buffer.from(oldReceipt.split('.')[1], 'base64url').toString()),
    '2026-03-10',
  );
  expect(await asReceipt(byBookKey, rotated)).toBe('keyNotFor');
});

test('a kind whose newest key is retired gets a new key from today', async () => {
  await loadReceiptSigner(dir, 'otp secret', quiet, NOW);
  retire('heads', '2026-03-10.pem', '2026-03-01.pub.pem');
  const warned: string[] = [];
  const signer = await loadReceiptSigner(dir, 'otp secret', { warn: (m) => warned.push(m) }, NOW);
  expect(warned).toEqual([expect.stringContaining('made a head signing key')]);
  expect(fs.readdirSync(path.join(dir, 'heads')).sort()).toEqual(['2026-03-01.pub.pem', '2026-03-10.pem']);
  expect(signer.canSign('head', '2026-03-10')).toBe(true);
  expect(
    signer
      .jwks()
      .keys.filter((k) => k.purpose === 'head')
      .map((k) => [k.from, k.until]),
  ).toEqual([
    [undefined, '2026-03-09'],
    ['2026-03-10', undefined],
  ]);
});
