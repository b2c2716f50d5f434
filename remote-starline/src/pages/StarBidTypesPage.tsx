import { Tile, TileGrid } from '@matka/shared/ui';
import { NoMarketChosen, useBidNavState, type BidNavState } from '@matka/shared/bid';
import { betTypesOf } from '@matka/shared/domain';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import { STARLINE_TITLE } from './StarHome';

/** /stargame: the four starline bid types for the chosen slot (needs gameId, openTime, gameName). */
export default function StarBidTypesPage() {
  useLanguage();
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
      {openTime && <p className="sl-chooser-sub">{t('star.open', 'Open: {time}', { time: openTime })}</p>}
      <TileGrid label={t('star.betTypes', 'Starline bid types')}>
        {betTypesOf('starline').map((def) => {
          const state: BidNavState = { ...nav, pana: def.title };
          return (
            <Tile key={def.id} label={tWord(def.title)} icon={def.title.slice(0, 1)} to={def.route} state={state} />
          );
        })}
      </TileGrid>
    </section>
  );
}
