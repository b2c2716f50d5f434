/**
 * `npm run operator -- audit verify --bundle <file> [--key FILE]`: checks a day's bundle against keys the
 * auditor trusts: a key they pinned (`--key`: a JWK or a JWKS, saved from the server's
 * /.well-known/jwks.json earlier or handed over out of band), else the server's published JWKS, fetched
 * now. Never the keys inside the bundle: a forger writes those. Then its audit rows' hash chain and each
 * sealed book's root from its leaves. Prints the verifying key's RFC 7638 thumbprint.
 */
import fs from 'node:fs';
import type { JSONWebKeySet, JWK } from 'jose';
import { counted } from '@matka/shared/domain';
import { checkBundle } from '../services/export-day';
import type { CliIO } from './args';

/** The keys a pinned file holds: a JWKS, or one JWK. */
function keysOf(text: string): JSONWebKeySet {
  const j = JSON.parse(text) as JSONWebKeySet | JWK;
  if ('keys' in j && Array.isArray(j.keys)) return j;
  if ('kty' in j) return { keys: [j] };
  throw new Error('it is neither a JWK nor a JWKS');
}

/** The keys to trust: the pinned file's, else the server's published ones. */
async function trustedKeys(trust: { keyFile?: string; base: string }, io: CliIO): Promise<JSONWebKeySet | null> {
  if (trust.keyFile) {
    try {
      return keysOf(fs.readFileSync(trust.keyFile, 'utf8'));
    } catch (e) {
      io.err(`Error: cannot read the pinned key ${trust.keyFile} (${(e as Error).message})`);
      return null;
    }
  }
  try {
    const res = await fetch(`${trust.base}/.well-known/jwks.json`, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return keysOf(await res.text());
  } catch (e) {
    io.err(
      `Error: cannot fetch the published keys from ${trust.base}/.well-known/jwks.json (${(e as Error).message}): set SERVER_URL, or pin a key with --key FILE`,
    );
    return null;
  }
}

export async function verifyBundle(
  file: string,
  trust: { keyFile?: string; base: string },
  io: CliIO,
): Promise<number> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`Error: cannot read ${file} (${(e as Error).message})`);
    return 1;
  }
  const keys = await trustedKeys(trust, io);
  if (!keys) return 1;
  const c = await checkBundle(text, keys);
  if (!c.valid) {
    io.err(`Not valid: ${c.reason}`);
    return 1;
  }
  const from = trust.keyFile ? `the pinned key ${trust.keyFile}` : `${trust.base}/.well-known/jwks.json`;
  io.out(
    `Valid: the day ${c.date}, signed by key ${c.kid} (RFC 7638 thumbprint ${c.thumbprint}, from ${from}): ` +
      `${counted(c.results, 'result')}, ${counted(c.books, 'sealed book')} (${counted(c.receipts, 'receipt')}), ` +
      `${counted(c.ledger, 'ledger row')}, ${counted(c.audit, 'audit row')} linked`,
  );
  return 0;
}
