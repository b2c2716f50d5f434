import { z } from 'zod';
import { declaredOnly, undeclaredFields } from '../src/contract/declaredFields';

const Row = z.object({ id: z.string(), points: z.number().optional() });
const Answer = z.object({
  status: z.boolean(),
  rows: z.array(Row).optional(),
  player: z.object({ name: z.string() }).nullable(),
  totals: z.record(z.string(), z.object({ won: z.number() })),
});

describe('an answer as its schema declares it', () => {
  const sent = {
    status: true,
    password_hash: 'scrypt$…',
    rows: [{ id: '1', points: 5, internal_note: 'x' }, { id: '2' }],
    player: { name: 'Asha', otp_secret: 'K' },
    totals: { single: { won: 10, raw: 1 } },
  };

  it('keeps every declared field, at every depth, and drops the rest', () => {
    expect(declaredOnly(Answer, sent)).toEqual({
      status: true,
      rows: [{ id: '1', points: 5 }, { id: '2' }],
      player: { name: 'Asha' },
      totals: { single: { won: 10 } },
    });
  });

  it('names what it dropped by its path', () => {
    expect(undeclaredFields(Answer, sent)).toEqual([
      'password_hash',
      'rows[0].internal_note',
      'player.otp_secret',
      'totals.single.raw',
    ]);
  });

  it('leaves the given value as it was', () => {
    const before = JSON.stringify(sent);
    declaredOnly(Answer, sent);
    expect(JSON.stringify(sent)).toBe(before);
  });

  it('takes a field that any option of a union declares', () => {
    const Either = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(declaredOnly(Either, { a: 'x', b: 1, c: true })).toEqual({ a: 'x', b: 1 });
    expect(undeclaredFields(Either.optional(), { c: true })).toEqual(['c']);
  });

  it('follows wrappers, pipes and lazy schemas', () => {
    const Inner = z.object({ n: z.string() });
    const Piped = z.object({ v: z.union([z.string(), z.number()]).transform(Number), inner: z.lazy(() => Inner) });
    expect(declaredOnly(Piped.readonly(), { v: '1', inner: { n: 'a', m: 'b' }, w: 2 })).toEqual({
      v: '1',
      inner: { n: 'a' },
    });
  });

  it('writes only what an open object names: its openness is for reading other servers', () => {
    const Open = z.looseObject({ a: z.string() });
    expect(declaredOnly(Open, { a: 'x', extra: 1 })).toEqual({ a: 'x' });
    expect(undeclaredFields(Open, { a: 'x', extra: 1 })).toEqual(['extra']);
  });

  it('passes on what is not an object or an array as it is', () => {
    expect(declaredOnly(Answer, 'text')).toBe('text');
    expect(declaredOnly(z.array(z.number()), [1, 2])).toEqual([1, 2]);
    expect(declaredOnly(z.any(), { anything: 1 })).toEqual({ anything: 1 });
    expect(declaredOnly(z.object({ params: z.unknown() }), { params: { a: 1 } })).toEqual({ params: { a: 1 } });
  });
});
