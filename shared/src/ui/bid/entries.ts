/**
 * The bid screen's slip as lines: what Proceed validated split into list lines (SP DP TP keeps its
 * combinations together), the totals per session the confirmation shows, and what a refresh did to the
 * slip.
 */
import type { BetTypeId, BidRow, Session, SpDpTpFlags } from '@matka/shared/domain';
import { t } from '@matka/shared/i18n';
import type { SessionTotal } from './ConfirmBidDialog';
import type { SlipEntry } from './slip';

/** One line of the pending list: a row, or (SP DP TP) one entry with all its combinations. */
export type Entry = SlipEntry;

export const KINDS = ['SP', 'DP', 'TP'] as const;
export const sum = (xs: { total: number }[]) => xs.reduce((s, x) => s + x.total, 0);

/** What a refresh did to the pending slip: kept it (not yet placed), and dropped what has closed. */
export function slipKeptText(restored: number, dropped: number): string {
  const kept = !restored
    ? ''
    : restored === 1
      ? t('bid.keptOne', '1 bid not yet placed was kept.')
      : t('bid.keptMany', '{n} bids not yet placed were kept.', { n: restored });
  const gone = !dropped
    ? ''
    : dropped === 1
      ? t('bid.droppedOne', '1 bid for a session that has closed was removed.')
      : t('bid.droppedMany', '{n} bids for a session that has closed were removed.', { n: dropped });
  return [kept, gone].filter(Boolean).join(' ');
}

/** Bids and points per session of the pending rows, in the order Open, Close (the dialog's Game Type). */
export function sessionTotals(rows: BidRow[], shown: Session | undefined): SessionTotal[] {
  return (['Open', 'Close'] as const)
    .map((s) => {
      const mine = rows.filter((r) => (shown ?? r.session) === s);
      return { session: s, bids: mine.length, points: mine.reduce((t, r) => t + r.points, 0) };
    })
    .filter((t) => t.bids > 0);
}

/** Splits what Proceed validated into list lines: SP DP TP keeps its combinations together. */
export function toEntries(
  betType: BetTypeId,
  digit: string,
  rows: BidRow[],
  nextKey: () => number,
  flags: SpDpTpFlags,
): Entry[] {
  if (betType === 'sp_dp_tp') {
    const kinds = KINDS.filter((k) => flags[k]).join('/');
    const total = rows.reduce((s, r) => s + r.points, 0);
    return [
      {
        key: nextKey(),
        text: digit,
        detail:
          rows.length === 1
            ? t('bid.pana', '{kinds} · 1 pana', { kinds })
            : t('bid.panas', '{kinds} · {n} panas', { kinds, n: rows.length }),
        rows,
        total,
      },
    ];
  }
  return rows.map((r) => ({
    key: nextKey(),
    text: r.closedigits ? `${r.digits}-${r.closedigits}` : r.digits,
    detail: r.pana,
    rows: [r],
    total: r.points,
  }));
}
