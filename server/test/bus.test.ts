import { pack, type CacheEvent } from '../src/services/bus';

test('events published together go out merged, in payloads NOTIFY accepts', () => {
  expect(pack([{ kind: 'users', ids: ['1', '2'] }, { kind: 'users', ids: ['2', '3'] }, { kind: 'markets' }])).toEqual([
    [{ kind: 'users', ids: ['1', '2', '3'] }, { kind: 'markets' }],
  ]);
  // a clear of every account makes the users' events needless; revocations are kept otherwise
  expect(pack([{ kind: 'users', ids: ['1'] }, { kind: 'clear' }, { kind: 'revoke', id: '4' }])).toEqual([
    [{ kind: 'clear' }],
  ]);
  expect(
    pack([
      { kind: 'revoke', id: '4' },
      { kind: 'users', ids: ['5'] },
    ]),
  ).toEqual([
    [
      { kind: 'revoke', id: '4' },
      { kind: 'users', ids: ['5'] },
    ],
  ]);
  expect(pack([{ kind: 'markets' }, { kind: 'all' }])).toEqual([[{ kind: 'all' }]]);
  // thousands of users (a settlement) are split: every payload stays under NOTIFY's 8000 bytes
  const many: CacheEvent[] = [{ kind: 'users', ids: Array.from({ length: 5000 }, (_, i) => String(100000 + i)) }];
  const parts = pack(many);
  expect(parts.length).toBeGreaterThan(1);
  for (const p of parts) expect(JSON.stringify({ o: 'abcdefabcdef', e: p }).length).toBeLessThan(8000);
  expect(parts.flat().flatMap((e) => (e.kind === 'users' ? e.ids : []))).toHaveLength(5000);
});
