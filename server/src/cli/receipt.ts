/**
 * `npm run operator -- verify <receipt>`: checks a bid receipt as an outsider would, with jose against
 * the server's published keys (/.well-known/jwks.json): Genuine and what it says, or Not valid and why.
 */
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { VERIFY_HTTP } from '@matka/shared/contract';
import type { CliIO } from './args';

const JWKS_PATH = VERIFY_HTTP.jwks;

export async function verifyReceipt(base: string, receipt: string, io: CliIO): Promise<number> {
  let keys: JSONWebKeySet;
  try {
    const res = await fetch(`${base}${JWKS_PATH}`, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    keys = (await res.json()) as JSONWebKeySet;
  } catch (e) {
    io.err(`Error: cannot read the receipt keys at ${base}${JWKS_PATH} (${(e as Error).message})`);
    return 1;
  }
  try {
    const { payload, protectedHeader } = await compactVerify(receipt.trim(), createLocalJWKSet(keys));
    const r = JSON.parse(new TextDecoder().decode(payload)) as {
      sub: string;
      player: string;
      market: { name: string };
      family: string;
      date: string;
      session: string;
      bet_type: string;
      bids: { id: string; digits: string; closedigits: string; points: number; rate: string }[];
      accepted_at: string;
    };
    io.out(`Genuine: signed by key ${protectedHeader.kid} of ${base}`);
    io.out(`${r.market.name} (${r.family}), ${r.date} ${r.session}, ${r.bet_type}; accepted ${r.accepted_at}`);
    io.out(`submission ${r.sub}, player ${r.player}`);
    for (const b of r.bids)
      io.out(
        `  bid ${b.id}: ${[b.digits, b.closedigits].filter(Boolean).join(' ')} for ${b.points} points at ${b.rate}`,
      );
    return 0;
  } catch (e) {
    const why =
      (e as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY'
        ? 'no published key signed it'
        : (e as Error).message;
    io.err(`Not valid: ${why}`);
    return 1;
  }
}
