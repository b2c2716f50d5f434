import { Msg, t, useLanguage } from '@matka/shared/i18n';
import { Link } from 'react-router-dom';
import { MSG, PageLoading, usePolling, useNow } from '@matka/shared';
import { EmptyState, Tile, TileGrid, RatesPanel, TILE_ICONS } from '@matka/shared/ui';
import { chosenMarket, isListedMarketOpen } from '@matka/shared/domain';
import { WhyNoPlay, useBettingOn, usePlayPause } from '@matka/shared/api';
import { useStarlineGamesQuery, useStarlineRatesQuery, type StarlineGame } from '../api';

export const STARLINE_TITLE = 'JACKPOT STARLINE';
export const BETTING_RUNNING = 'BETTING IS RUNNING';
export const BETTING_CLOSED = 'BETTING IS CLOSED';
/** Shown while a slot has no declared result (pana-digit). */
export const NO_STARLINE_RESULT = '***-*';

function StarlineGameCard({ game, bettingOn }: { game: StarlineGame; bettingOn: boolean }) {
  useLanguage();
  const running = isListedMarketOpen('starline', game, useNow()());
  const result = (game.open_result ?? '').trim() || NO_STARLINE_RESULT;
  const state = chosenMarket(game);
  return (
    <li className="card star-game" data-testid="starline-game">
      <p className={`star-banner ${running ? 'is-running' : 'is-closed'}`}>
        {running ? t('star.running', 'BETTING IS RUNNING') : t('star.closed', 'BETTING IS CLOSED')}
      </p>
      <div className="star-game-body">
        <div className="star-game-info">
          <h3 className="star-game-name">{game.game_name}</h3>
          <p className="star-game-result">
            <span className="sr-only">{t('star.result', 'Result')} </span>
            {result}
          </p>
          <p className="star-game-time">{t('star.open', 'Open: {time}', { time: game.open_time })}</p>
        </div>
        {running && bettingOn && (
          <Link
            className="btn btn-primary star-play"
            to="/stargame"
            state={state}
            aria-label={t('star.playGame', 'Play {game}', { game: game.game_name })}
          >
            <span aria-hidden="true">▶</span> {t('star.play', 'Play')}
          </Link>
        )}
      </div>
    </li>
  );
}

function StarlineGameList({
  games,
  isLoading,
  bettingOn,
}: {
  games: StarlineGame[];
  isLoading: boolean;
  bettingOn: boolean;
}) {
  if (isLoading) return <PageLoading />;
  if (games.length === 0)
    return (
      <EmptyState>
        <Msg text={MSG.noDataFound} />
      </EmptyState>
    );
  return (
    <ul className="star-games" aria-label={t('star.games', 'Starline games')}>
      {games.map((g) => (
        <StarlineGameCard key={g.game_id} game={g} bettingOn={bettingOn} />
      ))}
    </ul>
  );
}

/**
 * /star: the 'JACKPOT STARLINE' home. The histories, the rates and Play need betting_status '1'; Play
 * also needs no break or self-exclusion running (the notice above says until when).
 */
export default function StarHome() {
  useLanguage();
  // The games list, refreshed every 5 s while the tab is visible.
  const { data: games, isLoading } = useStarlineGamesQuery(undefined, usePolling());
  const bettingOn = useBettingOn();
  const paused = usePlayPause();
  const { data: rates } = useStarlineRatesQuery(undefined, { skip: !bettingOn });
  const chartUrl = games?.web_starline_chart_url || undefined;
  return (
    <section className="sl-home">
      <h1 className="page-title">{STARLINE_TITLE}</h1>
      <WhyNoPlay />
      <TileGrid label={t('star.menu', 'Starline menu')}>
        {bettingOn && <Tile label={t('star.bidHistory', 'Bid-History')} icon={TILE_ICONS.bids} to="/imp5" />}
        {bettingOn && <Tile label={t('star.winHistory', 'Win History')} icon={TILE_ICONS.wins} to="/imp6" />}
        <Tile label={t('star.chart', 'Chart')} icon={TILE_ICONS.chart} href={chartUrl} disabled={!chartUrl} />
      </TileGrid>
      {bettingOn && <RatesPanel family="starline" record={rates?.game_rates?.[0]} />}
      <h2 className="sl-section-title">{t('star.gamesTitle', 'Starline Games')}</h2>
      <StarlineGameList games={games?.result ?? []} isLoading={isLoading} bettingOn={bettingOn && !paused} />
    </section>
  );
}
