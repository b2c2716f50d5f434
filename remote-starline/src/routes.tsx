import type { RouteObject } from 'react-router-dom';
import { withFamilyRoot } from '@matka/shared/ui';
import { BidScreen } from '@matka/shared/bid';
import { betTypesOf } from '@matka/shared/domain';
import StarBidTypesPage from './pages/StarBidTypesPage';
import StarHome from './pages/StarHome';
import { registerCatalog } from '@matka/shared/i18n';

// this family's texts in Hindi and Marathi: fetched (from this family's build) only when chosen
void registerCatalog('starline', (lang) =>
  lang === 'hi'
    ? import(/* webpackChunkName: "i18n-starline-hi" */ './locales/hi.json')
    : import(/* webpackChunkName: "i18n-starline-mr" */ './locales/mr.json'),
);
import './starline.css';

/** The starline family: home, bid-type chooser and the four bid screens (the common BidScreen). */
export const routes: RouteObject[] = withFamilyRoot(
  'starline',
  [
    { path: '/star', element: <StarHome /> },
    { path: '/stargame', element: <StarBidTypesPage /> },
    ...betTypesOf('starline').map((t) => ({ path: t.route, element: <BidScreen betType={t.id} /> })),
  ],
  process.env.MATKA_BUILD_ID,
);
