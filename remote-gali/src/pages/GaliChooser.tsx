import { useNavigate } from 'react-router-dom';
import { biddingClosed, BID_TOAST, notify } from '@matka/shared';
import { Tile, TileGrid } from '@matka/shared/ui';
import { NoMarketChosen, useBidNavState, type BidNavState } from '@matka/shared/bid';
import { betTypesOf, biddableSessions, clockOfChosen } from '@matka/shared/domain';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import { GALI_TITLE } from './GaliHome';

/**
 * /galiallgame: Left Digit, Right Digit, Jodi Digit for the chosen market. Once the market's open time
 * is at or before now (device clock) or its jodi is declared every type is closed: a 3 s toast and no
 * navigation.
 */
export default function GaliChooser({ now = () => new Date() }: { now?: () => Date }) {
  useLanguage();
  const nav = useBidNavState();
  const { gameId, gameName } = nav;
  const navigate = useNavigate();
  if (!gameId) {
    return (
      <section>
        <h1 className="page-title">{gameName || GALI_TITLE}</h1>
        <NoMarketChosen family="gali" />
      </section>
    );
  }
  return (
    <section className="gl-chooser">
      <h1 className="page-title">{gameName || GALI_TITLE}</h1>
      <TileGrid label={t('gali.betTypes', 'Gali bid types')}>
        {betTypesOf('gali').map((def) => (
          <Tile
            key={def.id}
            label={tWord(def.title)}
            icon={def.title.split(' ')[0].slice(0, 1)}
            onClick={() => {
              if (biddableSessions(def.id, clockOfChosen('gali', nav), now()).length === 0) {
                // the domain's biddingClosed(title), in the language in use
                void biddingClosed;
                notify.error(
                  t('gali.closed', 'Bidding is closed for {betType}', { betType: tWord(def.title) }),
                  BID_TOAST,
                );
                return;
              }
              const state: BidNavState = { ...nav, pana: def.title };
              navigate(def.route, { state });
            }}
          />
        ))}
      </TileGrid>
    </section>
  );
}
