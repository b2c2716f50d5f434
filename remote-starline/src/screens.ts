import type { StandaloneSection } from '@matka/shared/standalone';
import { betTypesOf } from '@matka/shared/domain';

/** The Starline family's screens, as its standalone page lists them (every path the family owns). */
export const SCREENS: StandaloneSection[] = [
  {
    heading: 'Starline',
    screens: [
      { path: '/star', title: 'JACKPOT STARLINE' },
      { path: '/stargame', title: 'Starline games', needs: 'Pick a slot first' },
    ],
  },
  {
    heading: 'Bid screens',
    screens: betTypesOf('starline').map((t) => ({ path: t.route, title: t.title, needs: 'Pick a slot first' })),
  },
];
