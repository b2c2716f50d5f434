/**
 * The server writes a ledger row's note in English ('Win KALYAN Single Digit 5 (Open)', 'Fund added
 * (request D12)'). The wallet history shows it in the player's language: the fixed phrases the server
 * writes and the game's words are put in the language in use; market names, numbers, request numbers and
 * the operator's own notes stay as written.
 */
import { BET_TYPES } from '@matka/shared/domain';
import { currentLanguage, t, tWord } from '@matka/shared/i18n';

/** The server's phrases, longest first within a note's reading order, each with its text in the language in use. */
const phrases = (): [string, string][] => [
  ['Result corrected: win reversed', t('note.winReversed', 'Result corrected: win reversed')],
  [
    'points of a reversed win recovered from withdrawal request',
    t('note.recovered', 'points of a reversed win recovered from withdrawal request'),
  ],
  ['Result corrected:', t('note.corrected', 'Result corrected:')],
  ['kept against the earlier unrecovered reversal', t('note.kept', 'kept against the earlier unrecovered reversal')],
  ['not in the wallet', t('note.notInWallet', 'not in the wallet')],
  ['Fund added (request', t('note.fundAdded', 'Fund added (request')],
  ['cancelled: points returned', t('note.cancelled', 'cancelled: points returned')],
  ['Withdrawal request', t('note.withdrawal', 'Withdrawal request')],
  ['Transferred to', t('note.transferredTo', 'Transferred to')],
  ['Received from', t('note.receivedFrom', 'Received from')],
];

/** The game's words a note may carry: every bet type's name and the sessions (longest first). */
const WORDS = [...new Set([...Object.values(BET_TYPES).map((d) => d.title), 'Open', 'Close'])].sort(
  (a, b) => b.length - a.length,
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A ledger note in the language in use (English: as the server wrote it). */
export function ledgerNote(note: string): string {
  if (currentLanguage() === 'en' || !note) return note;
  let out = note;
  // 'Bid ...' and 'Win ...' open the notes of bids and wins
  out = out.replace(/^Bid /, `${t('note.bid', 'Bid')} `).replace(/^Win /, `${t('note.win', 'Win')} `);
  for (const [english, translated] of phrases()) out = out.split(english).join(translated);
  // a game word only as a whole word ('(Open)', 'Single Digit 5'), never inside a market's name
  for (const word of WORDS)
    out = out.replace(
      new RegExp(`(^|[\\s(])${escape(word)}(?=$|[\\s)])`, 'g'),
      (_m, before: string) => `${before}${tWord(word)}`,
    );
  return out;
}
