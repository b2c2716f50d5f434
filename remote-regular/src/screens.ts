import type { StandaloneSection } from '@matka/shared/standalone';
import { betTypesOf } from '@matka/shared/domain';

/** The regular family's screens, as its standalone page lists them (every path the family owns). */
export const SCREENS: StandaloneSection[] = [
  { heading: 'Markets', screens: [{ path: '/game', title: 'Markets and games' }] },
  {
    heading: 'Bid screens',
    screens: betTypesOf('regular').map((t) => ({ path: t.route, title: t.title, needs: 'Pick a market first' })),
  },
];
