import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePolling, selectBettingOn, selectHome, useAppSelector, useNow, type Market } from '@matka/shared';
import { Modal, Tile, TileGrid } from '@matka/shared/ui';
import { WhyNoPlay, useHomeInfoQuery, usePlayPause } from '@matka/shared/api';
import { chosenMarket, isListedMarketOpen, marketResultText } from '@matka/shared/domain';
import { ContactButton } from '../components/Contact';
import { ArrowUpIcon, DiceIcon, HeadsetIcon, PlusIcon, StarIcon } from '../components/navIcons';
import { ListState } from '../components/ListState';
import { Ticker } from '../components/Ticker';
import { t, useLanguage } from '@matka/shared/i18n';
import { WELCOME_TICKER } from '../lib/brand';

/**
 * A market card: name, result, Open and Close times, status chip. An open market is a button with
 * '▶ Play' when betting is on; with betting off it is a plain card (the notice above the list says why).
 */
function MarketCard({ market, onPlay }: { market: Market; onPlay?: (m: Market) => void }) {
  const open = isListedMarketOpen('regular', market, useNow()());
  useLanguage();
  const playable = open && onPlay !== undefined;
  const body = (
    <>
      <span className="market-head">
        <span className="market-name">{market.game_name}</span>
        <span className={`chip ${open ? 'chip-open' : 'chip-closed'}`}>
          {open ? t('home.marketOpen', 'Market Open') : t('home.marketClosed', 'Market Closed')}
        </span>
      </span>
      <span className="market-result">
        <span className="sr-only">{t('home.result', 'Result')} </span>
        {marketResultText(market)}
      </span>
      <span className="market-times">
        <span>
          {t('home.open', 'Open')} <strong>{market.open_time}</strong>
        </span>
        <span>
          {t('home.close', 'Close')} <strong>{market.close_time}</strong>
        </span>
      </span>
      {playable && (
        <span className="market-play" aria-hidden="true">
          ▶ {t('home.play', 'Play')}
        </span>
      )}
    </>
  );
  return (
    <li className="market-item" data-testid="market-card">
      {playable ? (
        <button type="button" className="card market-card market-card-open" onClick={() => onPlay(market)}>
          {body}
        </button>
      ) : (
        <div className={`card market-card ${open ? 'market-card-view' : 'market-card-closed'}`}>{body}</div>
      )}
    </li>
  );
}

/** /imp: tiles, support, welcome ticker and the market list (polled every 5 s). */
export default function HomePage() {
  const { data, isLoading, isError, refetch } = useHomeInfoQuery(undefined, usePolling());
  const bettingOn = useAppSelector(selectBettingOn);
  // a break or a self-exclusion running: said above the list, and no market offers Play
  const paused = usePlayPause();
  const home = useAppSelector(selectHome);
  useLanguage();
  const [support, setSupport] = useState(false);
  const navigate = useNavigate();
  const markets = data?.result ?? [];

  // Spec: an open market goes to /game only when betting is on (else /imp, where this list is).
  function play(m: Market) {
    navigate('/game', { state: chosenMarket(m) });
  }

  return (
    <section className="home">
      <h1 className="sr-only">{t('menu.home', 'Home')}</h1>
      <WhyNoPlay />
      <Ticker text={WELCOME_TICKER} className="ticker-welcome" />
      <TileGrid label={t('home.tiles', 'Games and wallet')}>
        {bettingOn && <Tile label={t('home.addFund', 'Add Fund')} to="/addfund" icon={<PlusIcon />} />}
        {bettingOn && <Tile label={t('home.withdraw', 'Withdraw')} to="/withdraw" icon={<ArrowUpIcon />} />}
        {/* Until the betting status is known, the money tiles' places are kept: nothing moves when they come. */}
        {home.betting_status === null && (
          <>
            {[0, 1].map((i) => (
              <span key={i} className="tile tile-placeholder" aria-hidden="true">
                <span className="tile-icon" />
                <span className="tile-label">&nbsp;</span>
              </span>
            ))}
          </>
        )}
        <Tile label="Starline" to="/star" icon={<StarIcon />} />
        <Tile label={t('home.gali', 'Gali Disawar')} to="/galiIMP" icon={<DiceIcon />} />
      </TileGrid>
      <div className="support-row">
        <ContactButton kind="whatsapp" number={home.mobile_no} label="WhatsApp" />
        <button
          type="button"
          className="btn btn-contact btn-support"
          onClick={() => setSupport(true)}
          aria-haspopup="dialog"
        >
          <HeadsetIcon />
          <span>{t('home.support', 'Customer Support')}</span>
        </button>
      </div>
      {support && (
        <Modal
          title={t('home.support', 'Customer Support')}
          onClose={() => setSupport(false)}
          className="support-modal"
        >
          <p className="support-text">{t('home.supportText', 'We are here to help 24×7. Reach us on:')}</p>
          <div className="support-options">
            <ContactButton
              kind="whatsapp"
              number={home.mobile_1 || home.mobile_no}
              label="WhatsApp"
              className="btn-block"
            />
            <ContactButton kind="telegram" number={home.telegram_no} label="Telegram" className="btn-block" />
            <ContactButton
              kind="call"
              number={home.mobile_1 || home.mobile_no}
              label={t('home.call', 'Call')}
              className="btn-block"
            />
          </div>
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setSupport(false)}>
              {t('home.closeDialog', 'Close')}
            </button>
          </div>
        </Modal>
      )}
      <h2 className="section-title">{t('home.markets', 'Markets')}</h2>
      <ListState
        loading={isLoading}
        error={isError}
        empty={markets.length === 0}
        emptyText={t('home.noMarkets', 'No markets right now.')}
        onRetry={() => void refetch()}
      >
        <ul className="market-list">
          {markets.map((m) => (
            <MarketCard key={m.game_id} market={m} onPlay={bettingOn && !paused ? play : undefined} />
          ))}
        </ul>
      </ListState>
    </section>
  );
}
