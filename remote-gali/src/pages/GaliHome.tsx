import { Tile, TileGrid, RatesPanel, TILE_ICONS, type RateRow } from '@matka/shared';
import { useGaliGamesQuery, useGaliRatesQuery } from '../api';
import { useBettingOn } from '@matka/shared/api';
import { GaliMarketList } from '../GaliMarketList';

export const GALI_TITLE = 'GALI DISAWAR';

/** Gali rates live in the single_digit / single_pana / double_pana pairs (spec section 2). */
const RATE_ROWS: readonly RateRow[] = [
  { label: 'Left Digit', key: 'single_digit' },
  { label: 'Right Digit', key: 'single_pana' },
  { label: 'Jodi Digit', key: 'double_pana' },
];

/** /galiIMP: the Gali home — sticky header, tiles, rates (betting on only) and the market list. */
export default function GaliHome() {
  const bettingOn = useBettingOn();
  const { data: games } = useGaliGamesQuery();
  const { data: rates } = useGaliRatesQuery(undefined, { skip: !bettingOn });
  const chartUrl = games?.web_galidessar_chart_url || undefined;
  return (
    <section className="gl-home">
      <header className="gl-sticky">
        <h1 className="gl-sticky-title">{GALI_TITLE}</h1>
      </header>
      <TileGrid label="Gali menu">
        {bettingOn && <Tile label="Bid-History" icon={TILE_ICONS.bids} to="/impbid" />}
        {bettingOn && <Tile label="Win History" icon={TILE_ICONS.wins} to="/impwin" />}
        <Tile label="Chart" icon={TILE_ICONS.chart} href={chartUrl} disabled={!chartUrl} />
      </TileGrid>
      {bettingOn && <RatesPanel rows={RATE_ROWS} record={rates?.game_rates?.[0]} />}
      <h2 className="gl-section-title">Markets</h2>
      <GaliMarketList />
    </section>
  );
}
