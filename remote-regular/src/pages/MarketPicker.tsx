import { Link } from 'react-router-dom';
import { usePolling, selectBettingOn, useAppSelector, useNow } from '@matka/shared';
import { EmptyState } from '@matka/shared/ui';
import { useHomeInfoQuery } from '@matka/shared/api';
import { t, useLanguage } from '@matka/shared/i18n';
import { chosenMarket, isListedMarketOpen, marketResultText } from '@matka/shared/domain';

/** The regular markets (home info `result`) to pick one from when /game has none. */
export function MarketPicker() {
  const { data, isLoading, isError } = useHomeInfoQuery(undefined, usePolling());
  const bettingOn = useAppSelector(selectBettingOn);
  useLanguage();
  const markets = data?.result ?? [];
  const now = useNow()();
  const isOpen = (m: (typeof markets)[number]) => isListedMarketOpen('regular', m, now);
  if (isLoading) return <p className="game-note">{t('game.loading', 'Loading...')}</p>;
  if (isError || markets.length === 0) return <EmptyState>{t('game.noMarkets', 'No markets available')}</EmptyState>;
  return (
    <ul className="market-list game-markets" aria-label={t('game.markets', 'Markets')}>
      {markets.map((m) => {
        const playable = isOpen(m) && bettingOn;
        return (
          <li key={m.game_id} className="card game-market">
            <div className="game-market-main">
              <strong>{m.game_name}</strong>
              <span className="game-market-result">{marketResultText(m)}</span>
              <span className="game-market-times">
                {t('game.times', 'Open {open} · Close {close}', { open: m.open_time, close: m.close_time })}
              </span>
            </div>
            {playable ? (
              <Link
                className="btn btn-primary game-market-play"
                to="/game"
                state={chosenMarket(m)}
                aria-label={t('game.playMarket', 'Play {market}', { market: m.game_name })}
              >
                {t('game.play', 'Play')}
              </Link>
            ) : (
              <span className="game-market-closed">
                {isOpen(m) ? t('game.marketOpen', 'Market Open') : t('game.marketClosed', 'Market Closed')}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
