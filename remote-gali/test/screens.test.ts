import { pathsOf } from '@matka/shared';
import { SCREENS } from '../src/screens';

test('the standalone index lists every path the family owns, once', () => {
  const listed = SCREENS.flatMap((s) => s.screens.map((x) => x.path));
  expect([...listed].sort()).toEqual([...pathsOf('gali')].sort());
  expect(SCREENS.every((s) => s.screens.every((x) => x.title.trim() !== ''))).toBe(true);
});
