/**
 * The log's tree heads and proofs against the known answers Certificate Transparency publishes for
 * RFC 6962 (the C++ merkle_tree_test's roots of eight leaves, and the proofs the transparency-dev
 * reference implementation gives for them): computed by another implementation, they prove ours right
 * where a test of our code by our code could not. Then the RFC 9162 verifier the /verify page and the
 * witnesses run accepts every proof of every size up to 40 and refuses each one altered.
 */
import { consistencyPath, inclusionPath, leafOf, treeHead } from '../src/services/merkle-proofs';
import { bytesOfHex, verifyConsistency, verifyInclusion } from '@matka/shared/receipts/log';

/** The eight leaf inputs of the CT test vectors. */
const INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const LEAVES = INPUTS.map((h) => leafOf(Buffer.from(h, 'hex')));

/** The roots of the trees of the first 1..8 leaves. */
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const INCLUSION: { index: number; size: number; proof: string[] }[] = [
  { index: 0, size: 1, proof: [] },
  { index: 0, size: 2, proof: ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7'] },
  { index: 1, size: 2, proof: ['6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d'] },
  { index: 2, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    index: 1,
    size: 5,
    proof: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

const CONSISTENCY: { from: number; to: number; proof: string[] }[] = [
  { from: 1, to: 1, proof: [] },
  {
    from: 1,
    to: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    from: 2,
    to: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    from: 6,
    to: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

const hex = (bs: Buffer[]) => bs.map((b) => b.toString('hex'));
const u8 = (b: Buffer) => new Uint8Array(b);

test('tree heads and proofs are the ones Certificate Transparency publishes', () => {
  expect(ROOTS.map((_, i) => treeHead(LEAVES, 0, i + 1).toString('hex'))).toEqual(ROOTS);
  expect(treeHead([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  for (const v of INCLUSION) expect([v, hex(inclusionPath(LEAVES, v.index, v.size))]).toEqual([v, v.proof]);
  for (const v of CONSISTENCY) expect([v, hex(consistencyPath(LEAVES, v.from, v.to))]).toEqual([v, v.proof]);
});

test('the verifier accepts the published proofs and every proof of every size up to 40', async () => {
  for (const v of INCLUSION)
    expect(
      await verifyInclusion(
        u8(LEAVES[v.index]),
        v.index,
        v.size,
        v.proof.map(bytesOfHex),
        bytesOfHex(ROOTS[v.size - 1]),
      ),
    ).toBe(true);
  for (const v of CONSISTENCY)
    expect(
      await verifyConsistency(
        v.from,
        v.to,
        bytesOfHex(ROOTS[v.from - 1]),
        bytesOfHex(ROOTS[v.to - 1]),
        v.proof.map(bytesOfHex),
      ),
    ).toBe(true);

  const leaves = Array.from({ length: 40 }, (_, i) => leafOf(Buffer.from(`leaf ${i}`)));
  const roots = leaves.map((_, i) => u8(treeHead(leaves, 0, i + 1)));
  for (let n = 1; n <= 40; n++) {
    for (let m = 0; m < n; m++)
      expect([
        n,
        m,
        await verifyInclusion(u8(leaves[m]), m, n, inclusionPath(leaves, m, n).map(u8), roots[n - 1]),
      ]).toEqual([n, m, true]);
    for (let m = 1; m <= n; m++)
      expect([
        m,
        n,
        await verifyConsistency(m, n, roots[m - 1], roots[n - 1], consistencyPath(leaves, m, n).map(u8)),
      ]).toEqual([m, n, true]);
  }
});

test('an altered proof, root or size is refused', async () => {
  const leaves = Array.from({ length: 13 }, (_, i) => leafOf(Buffer.from(`leaf ${i}`)));
  const root = (n: number) => u8(treeHead(leaves, 0, n));
  const flip = (b: Uint8Array) => Uint8Array.from(b, (x, i) => (i === 0 ? x ^ 1 : x));
  const path = inclusionPath(leaves, 5, 13).map(u8);
  expect(await verifyInclusion(u8(leaves[5]), 5, 13, path, root(13))).toBe(true);
  expect(await verifyInclusion(u8(leaves[5]), 5, 13, [flip(path[0]), ...path.slice(1)], root(13))).toBe(false);
  expect(await verifyInclusion(u8(leaves[5]), 6, 13, path, root(13))).toBe(false);
  expect(await verifyInclusion(u8(leaves[5]), 5, 8, path, root(13))).toBe(false);
  expect(await verifyInclusion(u8(leaves[5]), 5, 13, path.slice(1), root(13))).toBe(false);
  expect(await verifyInclusion(u8(leaves[5]), 13, 13, path, root(13))).toBe(false);

  const proof = consistencyPath(leaves, 7, 13).map(u8);
  expect(await verifyConsistency(7, 13, root(7), root(13), proof)).toBe(true);
  expect(await verifyConsistency(7, 13, flip(root(7)), root(13), proof)).toBe(false);
  expect(await verifyConsistency(7, 13, root(7), flip(root(13)), proof)).toBe(false);
  expect(await verifyConsistency(7, 20, root(7), root(13), proof)).toBe(false);
  expect(await verifyConsistency(7, 13, root(7), root(13), [...proof, proof[0]])).toBe(false);
  expect(await verifyConsistency(7, 13, root(7), root(13), proof.slice(0, -1))).toBe(false);
  expect(await verifyConsistency(8, 7, root(8), root(7), [])).toBe(false);
  // a history rewritten: the same sizes, a leaf changed before the first head
  const forked = leaves.map((l, i) => (i === 3 ? leafOf(Buffer.from('rewritten')) : l));
  expect(await verifyConsistency(7, 13, root(7), u8(treeHead(forked)), consistencyPath(forked, 7, 13).map(u8))).toBe(
    false,
  );
});
