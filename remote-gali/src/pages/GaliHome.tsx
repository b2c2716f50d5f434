import { Tile, TileGrid, RatesPanel, TILE_ICONS } from '@matka/shared/ui';
import { useGaliGamesQuery, useGaliRatesQuery } from '../api';
import { useBettingOn } from '@matka/shared/api';
import { t, useLanguage } from '@matka/shared/i18n';
import { GaliMarketList } from '../GaliMarketList';

export const GALI_TITLE = 'GALI DISAWAR';

/** /galiIMP: the Gali home — sticky header, tiles, rates (betting on only) and the market list. */
export default function GaliHome() {
  useLanguage();
  const bettingOn = useBettingOn();
  const { data: games } = useGaliGamesQuery();
  const { data: rates } = useGaliRatesQuery(undefined, { skip: !bettingOn });
  const chartUrl = games?.web_galidessar_chart_url || undefined;
  return (
    <section className="gl-home">
      <header className="gl-sticky">
        <h1 className="gl-sticky-title">{GALI_TITLE}</h1>
      </header>
      <TileGrid label={t('gali.menu', 'Gali menu')}>
        {bettingOn && <Tile label={t('gali.bidHistory', 'Bid-History')} icon={TILE_ICONS.bids} to="/impbid" />}
        {bettingOn && <Tile label={t('gali.winHistory', 'Win History')} icon={TILE_ICONS.wins} to="/impwin" />}
        <Tile label={t('gali.chart', 'Chart')} icon={TILE_ICONS.chart} href={chartUrl} disabled={!chartUrl} />
      </TileGrid>
      {bettingOn && <RatesPanel family="gali" record={rates?.game_rates?.[0]} />}
      <h2 className="gl-section-title">{t('gali.marketsTitle', 'Markets')}</h2>
      <GaliMarketList />
    </section>
  );
}
