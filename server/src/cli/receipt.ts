/**
 * `npm run operator -- verify <receipt>`: checks a bid receipt as an outsider would, with the same check
 * as the player app's /verify page (@matka/shared/receipts): the receipt read strictly (canonical
 * base64url), its signature against the server's published keys, and once its session is sealed its
 * inclusion proof, which must be of its own market, day, session and leaf, against the book's signed
 * root. Genuine only after every check passed, and what it says; Not valid and why otherwise.
 */
import { checkReceipt, Unreachable, type InvalidReason } from '@matka/shared/receipts';
import type { CliIO } from './args';

/** Why a receipt is not valid, as the CLI says it. */
const REASONS: Record<InvalidReason, string> = {
  malformed: 'it is not a bid receipt as the server writes one (a compact JWS in canonical base64url)',
  signature: 'the signature does not match: the receipt was changed, or this server did not sign it',
  unknownKey: 'no published key signed it',
  keyNotFor:
    'a published key signed it, but not one that signs receipts of its day (a retired key, or a key of another kind)',
  missing: 'the server signed it but no longer has its bid: keep the receipt and report it',
  notInBook: "it is not in its session's sealed book",
  wrongBook: "the server's proof is of another market, day, session or leaf than this receipt's",
  bookSignature: "the sealed book's signature does not match its root",
};

export async function verifyReceipt(base: string, receipt: string, io: CliIO): Promise<number> {
  let check;
  try {
    check = await checkReceipt(receipt, base);
  } catch (e) {
    if (!(e instanceof Unreachable)) throw e;
    io.err(`Error: cannot ask ${base} (${e.message}): is SERVER_URL the server that gave the receipt?`);
    return 1;
  }
  if (!check.valid) {
    io.err(`Not valid: ${REASONS[check.reason]}`);
    return 1;
  }
  const r = check.claims;
  const book = check.book;
  io.out(
    book
      ? `Genuine: signed by key ${check.kid} of ${base}, receipt ${book.index + 1} of ${book.size} in the sealed book of its session (root ${book.root})`
      : `Genuine: signed by key ${check.kid} of ${base}; its session's bidding is still open: its book is sealed when bidding closes`,
  );
  io.out(`${r.market.name} (${r.family}), ${r.date} ${r.session}, ${r.bet_type}; accepted ${r.accepted_at}`);
  io.out(`submission ${r.sub}, player ${r.player}${book?.result ? `; result ${book.result}` : ''}`);
  for (const [i, b] of r.bids.entries()) {
    const v = check.bids[i];
    const outcome = v.outcome === 'win' ? `: won ${v.won}` : v.outcome === 'lose' ? ': lost' : '';
    io.out(
      `  bid ${b.id}: ${[b.digits, b.closedigits].filter(Boolean).join(' ')} for ${b.points} points at ${b.rate}${outcome}`,
    );
  }
  return 0;
}
