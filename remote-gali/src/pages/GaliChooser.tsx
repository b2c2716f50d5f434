import { useNavigate } from 'react-router-dom';
import { biddingClosed, BID_TOAST, notify, Tile, TileGrid } from '@matka/shared';
import { NoMarketChosen, useBidNavState, type BidNavState } from '@matka/shared/bid';
import { betTypesOf, biddableSessions, clockOfChosen } from '@matka/shared/domain';
import { GALI_TITLE } from './GaliHome';

/**
 * /galiallgame: Left Digit, Right Digit, Jodi Digit for the chosen market. Once the market's open time
 * is at or before now (device clock) or its jodi is declared every type is closed: a 3 s toast and no
 * navigation.
 */
export default function GaliChooser({ now = () => new Date() }: { now?: () => Date }) {
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
      <TileGrid label="Gali bid types">
        {betTypesOf('gali').map((t) => (
          <Tile
            key={t.id}
            label={t.title}
            icon={t.title.split(' ')[0].slice(0, 1)}
            onClick={() => {
              if (biddableSessions(t.id, clockOfChosen('gali', nav), now()).length === 0) {
                notify.error(biddingClosed(t.title), BID_TOAST);
                return;
              }
              const state: BidNavState = { ...nav, pana: t.title };
              navigate(t.route, { state });
            }}
          />
        ))}
      </TileGrid>
    </section>
  );
}
