/**
 * Checks the deployment's append-only log as an outsider would: an inclusion proof (a leaf is in the tree
 * of a signed head) and a consistency proof (a later head's tree extends an earlier one's, nothing
 * rewritten), by the algorithms of RFC 9162 §2.1.3.2 and §2.1.4.2 over RFC 6962 hashing:
 *
 *   leaf = SHA-256(0x00 ‖ leaf bytes)      node = SHA-256(0x01 ‖ left ‖ right)
 *
 * with WebCrypto's SHA-256, so the same code runs in the player's browser (/verify) and in Node. It
 * believes nothing it is handed: a proof that does not lead exactly to the heads' roots, or that is longer
 * or shorter than the sizes call for, is refused.
 */

const subtle = () => globalThis.crypto.subtle;

export const hexOf = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The bytes of a hex text; none for a text that is not hex (a hash of it then matches nothing). */
export function bytesOfHex(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) return new Uint8Array(0);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await subtle().digest('SHA-256', all));
}

const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);

/** SHA-256(0x00 ‖ bytes): a leaf's hash in the log. */
export const logLeafHash = (bytes: Uint8Array): Promise<Uint8Array> => sha256(LEAF, bytes);
const node = (left: Uint8Array, right: Uint8Array) => sha256(NODE, left, right);

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The root an inclusion proof leads to from the leaf hash `leaf` at `index` in a tree of `size` leaves
 * (RFC 9162 §2.1.3.2), or null when the proof cannot be one of that size. Whole numbers below 2^53.
 */
export async function rootFromPath(
  index: number,
  size: number,
  leaf: Uint8Array,
  path: Uint8Array[],
): Promise<Uint8Array | null> {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await node(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else r = await node(r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/** Whether `path` proves the leaf hash `leaf` at `index` in the tree of `size` leaves whose root is `root`. */
export async function verifyInclusion(
  leaf: Uint8Array,
  index: number,
  size: number,
  path: Uint8Array[],
  root: Uint8Array,
): Promise<boolean> {
  const r = await rootFromPath(index, size, leaf, path);
  return r !== null && same(r, root);
}

/**
 * Whether `path` proves that the tree of `second` leaves with root `secondRoot` extends the tree of
 * `first` leaves with root `firstRoot`: its first `first` leaves are the same (RFC 9162 §2.1.4.2).
 */
export async function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  path: Uint8Array[],
): Promise<boolean> {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  if (first === second) return path.length === 0 && same(firstRoot, secondRoot);
  // every tree extends the empty one, and nothing proves it
  if (first === 0) return path.length === 0;
  if (!path.length) return false;
  // the first tree is a whole subtree of the second: its root is where the proof starts
  const proof = Number.isInteger(Math.log2(first)) ? [firstRoot, ...path] : path;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = proof[0];
  let sr = proof[0];
  for (const c of proof.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await node(c, fr);
      sr = await node(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else sr = await node(sr, c);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && same(fr, firstRoot) && same(sr, secondRoot);
}
