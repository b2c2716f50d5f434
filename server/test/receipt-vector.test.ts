/**
 * A fixed test vector of a bid receipt: a fixed Ed25519 key (its seed the bytes 1 to 32), a fixed player
 * secret and fixed rows give these exact bytes, this public key and this leaf hash. A change of the code
 * that changes a receipt's bytes (a field's order, a number's spelling, the header) changes every book
 * made from then on and fails here first. jose, an independent implementation, verifies it.
 */
import { createHash } from 'node:crypto';
import { compactVerify, createLocalJWKSet } from 'jose';
import { ReceiptSigner, receiptFor } from '../src/services/receipts';

const SEED = Buffer.from(Array.from({ length: 32 }, (_, i) => i + 1));
const PEM = `-----BEGIN PRIVATE KEY-----\n${Buffer.concat([
  Buffer.from('302e020100300506032b657004220420', 'hex'),
  SEED,
]).toString('base64')}\n-----END PRIVATE KEY-----\n`;

const RECEIPT =
  'eyJhbGciOiJFZERTQSIsImtpZCI6IldXcG5fcGZIdWk5WUtSNEMiLCJ0eXAiOiJtYXRrYS1yZWNlaXB0K2p3cyJ9.' +
  'eyJ0eXAiOiJtYXRrYS1iaWQtcmVjZWlwdCIsInN1YiI6IjQyIiwicGxheWVyIjoicl80ZzFPZmx5d0lZYXZwTXJYUTlaeiIsIm1hcmtldCI6eyJpZCI6MywibmFtZSI6IktBTFlBTiJ9LCJmYW1pbHkiOiJyZWd1bGFyIiwiZGF0ZSI6IjIwMjYtMDMtMTAiLCJzZXNzaW9uIjoiT3BlbiIsImJldF90eXBlIjoic2luZ2xlX2RpZ2l0IiwiYmlkcyI6W3siaWQiOiIxMDEiLCJkaWdpdHMiOiI1IiwiY2xvc2VkaWdpdHMiOiIiLCJwb2ludHMiOjEwMCwicmF0ZSI6IjEwLTk1In1dLCJhY2NlcHRlZF9hdCI6IjIwMjYtMDMtMTBUMDQ6MzA6MDAuMDAwWiJ9.' +
  '9QCgbg_c6aFzn_f-4Ma6_X_u8M7TrC06HS9XAD-HK9BK3hQToaT2ekWrIZEkGKkUJcM3Qdp7w_HyqYdYUDNbCw';

test('fixed key and rows give the same receipt bytes, key and leaf, and jose verifies them', async () => {
  const signer = await ReceiptSigner.fromPems(
    [{ pem: PEM, from: '', purpose: 'receipt' }],
    'a fixed player secret of the test vector',
  );
  expect(signer.jwks()).toEqual({
    keys: [
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: 'ebVWLo_mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ',
        kid: 'WWpn_pfHui9YKR4C',
        alg: 'EdDSA',
        use: 'sig',
        purpose: 'receipt',
      },
    ],
  });
  const receipt = receiptFor(signer, {
    submissionId: '42',
    userId: '7',
    family: 'regular',
    market: { id: 3, name: 'KALYAN' },
    date: '2026-03-10',
    session: 'Open',
    betType: 'single_digit',
    acceptedAt: new Date('2026-03-10T04:30:00.000Z'),
    bids: [{ id: '101', digits: '5', closedigits: '', points: 100, rate_1: 10, rate_2: 95 }],
  });
  expect(receipt).toBe(RECEIPT);
  // its leaf in a sealed book: SHA-256(0x00 || the receipt's ASCII), RFC 6962
  const leaf = createHash('sha256')
    .update(Buffer.concat([Buffer.of(0), Buffer.from(receipt, 'ascii')]))
    .digest('hex');
  expect(leaf).toBe('8d8dc039f1727e1ef6c0ea3a8bda062630b65d505e2e72864b1e531c98f0f393');
  const { payload, protectedHeader } = await compactVerify(RECEIPT, createLocalJWKSet(signer.jwks()));
  expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: 'WWpn_pfHui9YKR4C', typ: 'matka-receipt+jws' });
  expect(new TextDecoder().decode(payload)).toBe(
    '{"typ":"matka-bid-receipt","sub":"42","player":"r_4g1OflywIYavpMrXQ9Zz","market":{"id":3,"name":"KALYAN"},' +
      '"family":"regular","date":"2026-03-10","session":"Open","bet_type":"single_digit",' +
      '"bids":[{"id":"101","digits":"5","closedigits":"","points":100,"rate":"10-95"}],"accepted_at":"2026-03-10T04:30:00.000Z"}',
  );
});
