import type { StandaloneSection } from '@matka/shared/standalone';
import { betTypesOf } from '@matka/shared/domain';

/** The Gali family's screens, as its standalone page lists them (every path the family owns). */
export const SCREENS: StandaloneSection[] = [
  {
    heading: 'Gali Disawar',
    screens: [
      { path: '/galiIMP', title: 'GALI DISAWAR' },
      { path: '/galigame', title: 'Gali markets' },
      { path: '/galiallgame', title: 'Gali games', needs: 'Pick a market first' },
    ],
  },
  {
    heading: 'Bid screens',
    screens: betTypesOf('gali').map((t) => ({ path: t.route, title: t.title, needs: 'Pick a market first' })),
  },
];
