import { Link } from 'react-router-dom';
import { EmptyState, usePolling, selectBettingOn, useAppSelector, useNow } from '@matka/shared';
import { useHomeInfoQuery } from '@matka/shared/api';
import { chosenMarket, isListedMarketOpen, marketResultText } from '@matka/shared/domain';

/** The regular markets (home info `result`) to pick one from when /game has none. */
export function MarketPicker() {
  const { data, isLoading, isError } = useHomeInfoQuery(undefined, usePolling());
  const bettingOn = useAppSelector(selectBettingOn);
  const markets = data?.result ?? [];
  const now = useNow()();
  const isOpen = (m: (typeof markets)[number]) => isListedMarketOpen('regular', m, now);
  if (isLoading) return <p className="game-note">Loading...</p>;
  if (isError || markets.length === 0) return <EmptyState>No markets available</EmptyState>;
  return (
    <ul className="market-list game-markets" aria-label="Markets">
      {markets.map((m) => {
        const playable = isOpen(m) && bettingOn;
        return (
          <li key={m.game_id} className="card game-market">
            <div className="game-market-main">
              <strong>{m.game_name}</strong>
              <span className="game-market-result">{marketResultText(m)}</span>
              <span className="game-market-times">
                Open {m.open_time} · Close {m.close_time}
              </span>
            </div>
            {playable ? (
              <Link
                className="btn btn-primary game-market-play"
                to="/game"
                state={chosenMarket(m)}
                aria-label={`Play ${m.game_name}`}
              >
                Play
              </Link>
            ) : (
              <span className="game-market-closed">{isOpen(m) ? 'Market Open' : 'Market Closed'}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
