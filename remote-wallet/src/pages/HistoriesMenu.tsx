import { Tile, TileGrid } from '@matka/shared';

const MENU: { label: string; to: string; icon: string }[] = [
  { label: 'Deposit History', to: '/AddFundHistory', icon: '₹' },
  { label: 'Wallet History', to: '/transaction', icon: 'W' },
  { label: 'Main Bid-History', to: '/imp4', icon: 'B' },
  { label: 'Main Win-History', to: '/imp3', icon: 'W' },
  { label: 'Starline Bid-History', to: '/imp5', icon: 'S' },
  { label: 'Starline Win-History', to: '/imp6', icon: 'S' },
  { label: 'Gali Bid-History', to: '/impbid', icon: 'G' },
  { label: 'Gali Win-History', to: '/impwin', icon: 'G' },
];

/** /histories: the eight history screens. */
export function HistoriesMenu() {
  return (
    <section className="wallet-page">
      <h1 className="page-title">Histories</h1>
      <TileGrid label="Histories">
        {MENU.map((m) => (
          <Tile key={m.to} label={m.label} to={m.to} icon={m.icon} />
        ))}
      </TileGrid>
    </section>
  );
}
