import { Msg, t, useLanguage } from '@matka/shared/i18n';
import { useNavigate } from 'react-router-dom';
import { MSG, PageLoading, usePolling, useNow } from '@matka/shared';
import { EmptyState } from '@matka/shared/ui';
import { chosenMarket, isListedMarketOpen } from '@matka/shared/domain';
import { useGaliGamesQuery, type GaliMarket } from './api';
import { WhyNoPlay, useBettingOn, usePlayPause } from '@matka/shared/api';

export const MARKET_OPEN = 'Market Open';
export const MARKET_CLOSED = 'Market Closed';
/** Shown while a market has no declared jodi. */
export const NO_GALI_RESULT = '**';

function CardBody({ market, open }: { market: GaliMarket; open: boolean }) {
  useLanguage();
  const declared = (market.result ?? market.open_result ?? '').trim();
  const result = declared || NO_GALI_RESULT;
  return (
    <>
      <span className="gl-market-name">{market.game_name}</span>
      <span className="gl-market-result">
        <span className="sr-only">{t('gali.result', 'Result')} </span>
        {result}
      </span>
      {/* a Gali market takes bids until its open time; its close time is when the jodi is drawn */}
      <span className="gl-market-time">
        <span>
          {open
            ? t('gali.bidsUntil', 'Bids until {time}', { time: market.open_time })
            : t('gali.bidsClosed', 'Bids closed at {time}', { time: market.open_time })}
        </span>
        {!declared && <span>{t('gali.resultAt', 'Result at {time}', { time: market.close_time ?? '' })}</span>}
      </span>
      <span className={`chip gl-chip ${open ? 'chip-open' : 'chip-closed'}`}>
        {open ? t('gali.marketOpen', 'Market Open') : t('gali.marketClosed', 'Market Closed')}
      </span>
    </>
  );
}

/**
 * The Gali market list of /galigame and /galiIMP, refreshed every 5 s while the tab is visible.
 * An open market is a button to /galiallgame when betting is on and no break or self-exclusion runs;
 * else it is a plain card that still tells the market's state, and the notice above the list says why
 * the player cannot play (a button that led back to this list would do nothing).
 */
export function GaliMarketList() {
  useLanguage();
  const { data, isLoading } = useGaliGamesQuery(undefined, usePolling());
  const bettingOn = useBettingOn();
  const paused = usePlayPause();
  const navigate = useNavigate();
  const markets = data?.result ?? [];
  const now = useNow()();
  if (isLoading) return <PageLoading />;
  if (markets.length === 0)
    return (
      <EmptyState>
        <Msg text={MSG.noDataFound} />
      </EmptyState>
    );
  const play = (m: GaliMarket) => navigate('/galiallgame', { state: chosenMarket(m) });
  return (
    <>
      <WhyNoPlay />
      <ul className="gl-markets" aria-label={t('gali.markets', 'Gali markets')}>
        {markets.map((m) => {
          const open = isListedMarketOpen('gali', m, now);
          return (
            <li key={m.game_id} data-testid="gali-market">
              {open && bettingOn && !paused ? (
                <button type="button" className="card gl-market is-open" onClick={() => play(m)}>
                  <CardBody market={m} open />
                </button>
              ) : (
                <div className="card gl-market">
                  <CardBody market={m} open={open} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
