import type { RouteObject } from 'react-router-dom';
import { withFamilyRoot } from '@matka/shared/ui';
import { BidScreen } from '@matka/shared/bid';
import { betTypesOf } from '@matka/shared/domain';
import GaliChooser from './pages/GaliChooser';
import GaliMarketsPage from './pages/GaliMarketsPage';
import GaliHome from './pages/GaliHome';
import { registerCatalog } from '@matka/shared/i18n';

// this family's texts in Hindi and Marathi: fetched (from this family's build) only when chosen
void registerCatalog('gali', (lang) =>
  lang === 'hi'
    ? import(/* webpackChunkName: "i18n-gali-hi" */ './locales/hi.json')
    : import(/* webpackChunkName: "i18n-gali-mr" */ './locales/mr.json'),
);
import './gali.css';

/** The Gali family: market list, home, bid-type chooser and the three bid screens (the common BidScreen). */
export const routes: RouteObject[] = withFamilyRoot(
  'gali',
  [
    { path: '/galigame', element: <GaliMarketsPage /> },
    { path: '/galiIMP', element: <GaliHome /> },
    { path: '/galiallgame', element: <GaliChooser /> },
    ...betTypesOf('gali').map((t) => ({ path: t.route, element: <BidScreen betType={t.id} /> })),
  ],
  process.env.MATKA_BUILD_ID,
);
