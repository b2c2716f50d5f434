import { Link, useNavigate } from 'react-router-dom';
import { BID_TOAST, biddingClosed, notify } from '@matka/shared';
import { Tile, TileGrid } from '@matka/shared/ui';
import { useBidNavState } from '@matka/shared/bid';
import { betTypesOf, biddableSessions, clockOfChosen, type BetTypeDef, type BetTypeId } from '@matka/shared/domain';
import { MarketPicker } from './MarketPicker';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import '../regular.css';

/** Decorative face of each round tile (the label is what assistive technology reads). */
const ICONS: Partial<Record<BetTypeId, string>> = {
  single_digit: '7',
  jodi_digit: '42',
  single_pana: '128',
  double_pana: '112',
  triple_pana: '777',
  half_sangam: '½',
  full_sangam: 'FS',
  sp_dp_tp: 'SDT',
  sp_motor: 'SPM',
  dp_motor: 'DPM',
};

const REGULAR = betTypesOf('regular');

/**
 * /game: the ten regular bet types of one market. A type that takes no session now (the server's
 * rule: Jodi Digit, Half Sangam and Full Sangam once the open time has come or the open result is
 * declared; every type after the close time or the close result) toasts that bidding is closed. Opened without a market (directly, or in the
 * standalone page) it lists the regular markets to pick from and the tiles do nothing.
 */
export function GamePage({ now = () => new Date() }: { now?: () => Date }) {
  const nav = useBidNavState();
  const navigate = useNavigate();
  useLanguage();
  const hasGame = nav.gameId !== '';

  function open(def: BetTypeDef) {
    if (biddableSessions(def.id, clockOfChosen('regular', nav), now()).length === 0) {
      // the domain's biddingClosed(title), in the language in use
      void biddingClosed;
      notify.error(t('game.closed', 'Bidding is closed for {betType}', { betType: tWord(def.title) }), {
        ...BID_TOAST,
        toastId: `closed-${def.id}`,
      });
      return;
    }
    navigate(def.route, { state: { ...nav, pana: def.title } });
  }

  return (
    <section className="game-page">
      <h1 className="page-title">
        {hasGame ? nav.gameName || t('game.game', 'Game') : t('game.choose', 'Choose a market')}
      </h1>
      {hasGame && nav.openTime && <p className="game-sub">{t('game.open', 'Open {time}', { time: nav.openTime })}</p>}
      {!hasGame && <MarketPicker />}
      {!hasGame && <p className="game-note">{t('game.pick', 'Pick a market above to play its games.')}</p>}
      <TileGrid label={t('game.betTypes', 'Bet types')}>
        {REGULAR.map((def) => (
          <Tile
            key={def.id}
            label={tWord(def.title)}
            icon={ICONS[def.id]}
            disabled={!hasGame}
            onClick={hasGame ? () => open(def) : undefined}
          />
        ))}
      </TileGrid>
      {hasGame && (
        <p className="game-back">
          <Link to="/game">{t('game.other', 'Other markets')}</Link>
        </p>
      )}
    </section>
  );
}

export default GamePage;
