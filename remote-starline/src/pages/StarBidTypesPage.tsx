import { Tile, TileGrid } from '@matka/shared';
import { NoMarketChosen, useBidNavState, type BidNavState } from '@matka/shared/bid';
import { betTypesOf } from '@matka/shared/domain';
import { STARLINE_TITLE } from './StarHome';

/** /stargame: the four starline bid types for the chosen slot (needs gameId, openTime, gameName). */
export default function StarBidTypesPage() {
  const nav = useBidNavState();
  const { gameId, openTime, gameName } = nav;
  if (!gameId) {
    return (
      <section>
        <h1 className="page-title">{STARLINE_TITLE}</h1>
        <NoMarketChosen family="starline" />
      </section>
    );
  }
  return (
    <section className="sl-chooser">
      <h1 className="page-title">{gameName || STARLINE_TITLE}</h1>
      {openTime && <p className="sl-chooser-sub">Open: {openTime}</p>}
      <TileGrid label="Starline bid types">
        {betTypesOf('starline').map((t) => {
          const state: BidNavState = { ...nav, pana: t.title };
          return <Tile key={t.id} label={t.title} icon={t.title.slice(0, 1)} to={t.route} state={state} />;
        })}
      </TileGrid>
    </section>
  );
}
