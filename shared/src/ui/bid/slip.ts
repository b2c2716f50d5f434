import type { BidRow } from '@matka/shared/domain';

/** One line of the pending list: a row, or (SP DP TP) one entry with all its combinations. */
export interface SlipEntry {
  key: number;
  text: string;
  detail: string;
  rows: BidRow[];
  total: number;
}

/**
 * The pending bid slip survives a refresh (pull-to-refresh, a reload, the app brought back) for the
 * browser tab's session: kept in sessionStorage under the screen (family, bet type, market) and the
 * day it was made for, and dropped once placed. Nothing of it is trusted: the server checks every bid.
 */
export function slipKey(betType: string, gameId: string, bidDate: string): string {
  return `matka.slip:${betType}:${gameId}:${bidDate}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

const isRow = (r: unknown): r is BidRow => {
  const x = r as Partial<BidRow> | null;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.digits === 'string' &&
    typeof x.closedigits === 'string' &&
    typeof x.pana === 'string' &&
    Number.isSafeInteger(x.points) &&
    (x.points as number) > 0 &&
    (x.session === 'Open' || x.session === 'Close')
  );
};

const isEntry = (e: unknown): e is SlipEntry => {
  const x = e as Partial<SlipEntry> | null;
  return (
    typeof x === 'object' &&
    x !== null &&
    Number.isSafeInteger(x.key) &&
    typeof x.text === 'string' &&
    typeof x.detail === 'string' &&
    Array.isArray(x.rows) &&
    x.rows.length > 0 &&
    x.rows.every(isRow)
  );
};

/** The kept slip of a screen (its totals recomputed), or [] when none or unreadable. */
export function readSlip(key: string): SlipEntry[] {
  try {
    const raw = storage()?.getItem(key);
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(list) || !list.every(isEntry)) return [];
    return list.map((e) => ({ ...e, total: e.rows.reduce((s, r) => s + r.points, 0) }));
  } catch {
    return [];
  }
}

/** Keeps the slip (an empty one is removed). */
export function writeSlip(key: string, entries: readonly SlipEntry[]): void {
  try {
    if (entries.length) storage()?.setItem(key, JSON.stringify(entries));
    else storage()?.removeItem(key);
  } catch {
    // storage full or blocked: the slip is not kept across a refresh
  }
}
