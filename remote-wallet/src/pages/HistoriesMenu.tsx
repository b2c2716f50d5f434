import { Tile, TileGrid } from '@matka/shared/ui';
import { t, useLanguage } from '@matka/shared/i18n';

const MENU: { label: () => string; to: string; icon: string }[] = [
  { label: () => t('history.deposit', 'Deposit History'), to: '/AddFundHistory', icon: '₹' },
  { label: () => t('history.wallet', 'Wallet History'), to: '/transaction', icon: 'W' },
  { label: () => t('menu.mainBid', 'Main Bid-History'), to: '/imp4', icon: 'B' },
  { label: () => t('menu.mainWin', 'Main Win-History'), to: '/imp3', icon: 'W' },
  { label: () => t('history.starlineBid', 'Starline Bid-History'), to: '/imp5', icon: 'S' },
  { label: () => t('history.starlineWin', 'Starline Win-History'), to: '/imp6', icon: 'S' },
  { label: () => t('history.galiBid', 'Gali Bid-History'), to: '/impbid', icon: 'G' },
  { label: () => t('history.galiWin', 'Gali Win-History'), to: '/impwin', icon: 'G' },
];

/** /histories: the eight history screens. */
export function HistoriesMenu() {
  useLanguage();
  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('menu.histories', 'Histories')}</h1>
      <TileGrid label={t('menu.histories', 'Histories')}>
        {MENU.map((m) => (
          <Tile key={m.to} label={m.label()} to={m.to} icon={m.icon} />
        ))}
      </TileGrid>
    </section>
  );
}
