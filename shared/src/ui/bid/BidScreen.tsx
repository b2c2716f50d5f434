import { BET_TYPES, type BetTypeId } from '@matka/shared/domain';
import { BidEntry } from './BidEntry';
import { useBidNavState } from './navState';
import { tWord, useLanguage } from '@matka/shared/i18n';
import { NoMarketChosen } from './NoMarketChosen';

/**
 * A bid screen as a remote's route element: the bet type's title, then BidEntry for the market in
 * the navigation state, or a clear way back when the screen was opened without one.
 */
export function BidScreen({ betType, now }: { betType: BetTypeId; now?: () => Date }) {
  const def = BET_TYPES[betType];
  const nav = useBidNavState();
  useLanguage();
  return (
    <section className="bid-screen">
      <h1 className="page-title">{tWord(def.title)}</h1>
      {nav.gameName && <p className="bid-game">{nav.gameName}</p>}
      {nav.gameId ? (
        <BidEntry
          key={`${betType}:${nav.gameId}`}
          betType={betType}
          gameId={nav.gameId}
          gameName={nav.gameName}
          openTime={nav.openTime}
          closeTime={nav.closeTime}
          openResult={nav.openResult}
          closeResult={nav.closeResult}
          now={now}
        />
      ) : (
        <NoMarketChosen family={def.family} />
      )}
    </section>
  );
}
