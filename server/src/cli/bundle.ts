/**
 * `npm run operator -- audit verify --bundle <file>`: checks a day's bundle offline (no server): its
 * signature by the keys it carries (compare the kid with the server's published JWKS), its audit rows'
 * hash chain and each sealed book's root from its leaves.
 */
import fs from 'node:fs';
import { counted } from '@matka/shared/domain';
import { checkBundle } from '../services/export-day';
import type { CliIO } from './args';

export async function verifyBundle(file: string, io: CliIO): Promise<number> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`Error: cannot read ${file} (${(e as Error).message})`);
    return 1;
  }
  const c = await checkBundle(text);
  if (!c.valid) {
    io.err(`Not valid: ${c.reason}`);
    return 1;
  }
  io.out(
    `Valid: the day ${c.date}, signed by key ${c.kid} (compare it with the server's /.well-known/jwks.json): ` +
      `${counted(c.results, 'result')}, ${counted(c.books, 'sealed book')} (${counted(c.receipts, 'receipt')}), ` +
      `${counted(c.ledger, 'ledger row')}, ${counted(c.audit, 'audit row')} linked`,
  );
  return 0;
}
