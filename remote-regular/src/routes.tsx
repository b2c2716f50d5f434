import type { RouteObject } from 'react-router-dom';
import { withFamilyRoot } from '@matka/shared/ui';
import { BidScreen } from '@matka/shared/bid';
import { betTypesOf } from '@matka/shared/domain';
import { GamePage } from './pages/GamePage';
import { registerCatalog } from '@matka/shared/i18n';

// this family's texts in Hindi and Marathi: fetched (from this family's build) only when chosen
void registerCatalog('regular', (lang) =>
  lang === 'hi'
    ? import(/* webpackChunkName: "i18n-regular-hi" */ './locales/hi.json')
    : import(/* webpackChunkName: "i18n-regular-mr" */ './locales/mr.json'),
);

/**
 * The regular family: /game and one bid screen per regular bet type, straight from the rules
 * module's table (route and title live in BET_TYPES; every screen is the shared BidScreen).
 */
export const routes: RouteObject[] = withFamilyRoot(
  'regular',
  [
    { path: '/game', element: <GamePage /> },
    ...betTypesOf('regular').map((def) => ({ path: def.route, element: <BidScreen betType={def.id} /> })),
  ],
  process.env.MATKA_BUILD_ID,
);
