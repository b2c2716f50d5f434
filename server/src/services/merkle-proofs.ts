/**
 * RFC 6962 / RFC 9162 Merkle tree hashes and proofs over a list of leaf hashes, as the deployment's log
 * answers them: the tree head MTH(D[n]), an inclusion proof PATH(m, D[n]) and a consistency proof
 * PROOF(m, D[n]) (RFC 6962 §2.1.1–2.1.2), each by the RFC's own recursion on the split at the largest
 * power of two below n. Anyone checks them with the RFC 9162 verifier (@matka/shared/receipts/log, or any
 * other: the tests check these against an independent implementation).
 */
import { hash } from 'node:crypto';

const EMPTY = hash('sha256', Buffer.alloc(0), 'buffer');

/** SHA-256(0x00 ‖ bytes): a leaf's hash. */
export const leafOf = (bytes: Buffer): Buffer => hash('sha256', Buffer.concat([Buffer.of(0), bytes]), 'buffer');

/** SHA-256(0x01 ‖ left ‖ right) */
const node = (left: Buffer, right: Buffer): Buffer =>
  hash('sha256', Buffer.concat([Buffer.of(1), left, right]), 'buffer');

/** The largest power of two smaller than n (n > 1). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[from:to]) over leaf hashes. */
export function treeHead(leaves: readonly Buffer[], from = 0, to = leaves.length): Buffer {
  const n = to - from;
  if (n === 0) return EMPTY;
  if (n === 1) return leaves[from];
  const k = split(n);
  return node(treeHead(leaves, from, from + k), treeHead(leaves, from + k, to));
}

/** PATH(m, D[n]): the inclusion proof of leaf `m` in the tree of the first `n` leaves. */
export function inclusionPath(leaves: readonly Buffer[], m: number, n = leaves.length): Buffer[] {
  if (m < 0 || m >= n || n > leaves.length) throw new RangeError(`no leaf ${m} in a tree of ${n}`);
  const path = (mm: number, from: number, to: number): Buffer[] => {
    const size = to - from;
    if (size === 1) return [];
    const k = split(size);
    return mm < k
      ? [...path(mm, from, from + k), treeHead(leaves, from + k, to)]
      : [...path(mm - k, from + k, to), treeHead(leaves, from, from + k)];
  };
  return path(m, 0, n);
}

/** PROOF(m, D[n]): that the tree of the first `n` leaves extends the tree of the first `m` (0 < m ≤ n). */
export function consistencyPath(leaves: readonly Buffer[], m: number, n = leaves.length): Buffer[] {
  if (m < 0 || m > n || n > leaves.length) throw new RangeError(`no consistency from ${m} to ${n}`);
  if (m === 0 || m === n) return [];
  const sub = (mm: number, from: number, to: number, whole: boolean): Buffer[] => {
    const size = to - from;
    if (mm === size) return whole ? [] : [treeHead(leaves, from, to)];
    const k = split(size);
    return mm <= k
      ? [...sub(mm, from, from + k, whole), treeHead(leaves, from + k, to)]
      : [...sub(mm - k, from + k, to, false), treeHead(leaves, from, from + k)];
  };
  return sub(m, 0, n, true);
}
