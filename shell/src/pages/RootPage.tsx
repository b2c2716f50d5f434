import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { MSG, selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { Tile, TileGrid } from '@matka/shared/ui';
import { ArrowUpIcon, BookIcon, DiceIcon, PlusIcon, StarIcon } from '../components/navIcons';
import { Ticker } from '../components/Ticker';
import { GuestTopBar } from '../layout/GuestTopBar';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';

/**
 * The logged-out landing: top bar (Login, Download App), the download ticker, the login form, tiles.
 * The form comes from the login page's code, which the app has already loaded (App.tsx passes it): this
 * page's own file holds only what the login page does not show.
 */
export function Landing({ loginForm }: { loginForm?: ReactNode }) {
  useLanguage();
  return (
    <div className="landing">
      <GuestTopBar />
      <Ticker text={tMsg(MSG.downloadTicker)} className="ticker-download" />
      <div className="landing-hero">
        <TileGrid label={t('landing.tiles', 'Games and wallet')}>
          <Tile label={t('landing.addFund', 'AddFund')} to="/login" icon={<PlusIcon />} />
          <Tile label={t('home.withdraw', 'Withdraw')} to="/login" icon={<ArrowUpIcon />} />
          <Tile label={t('home.gali', 'Gali Disawar')} to="/login" icon={<DiceIcon />} />
          <Tile label="Starline" to="/login" icon={<StarIcon />} />
          <Tile label={t('menu.howToPlay', 'How To Play')} to="/htp" icon={<BookIcon />} />
        </TileGrid>
      </div>
      <div className="landing-body">{loginForm}</div>
    </div>
  );
}

/** '/': the landing with the login screen, or /imp when a session is stored. */
export default function RootPage({ loginForm }: { loginForm?: ReactNode }) {
  return useAppSelector(selectIsLoggedIn) ? <Navigate to="/imp" replace /> : <Landing loginForm={loginForm} />;
}
