import { GaliMarketList } from '../GaliMarketList';
import { GALI_TITLE } from './GaliHome';

/** /galigame: the Gali market list on its own. */
export default function GaliMarketsPage() {
  return (
    <section className="gl-list-page">
      <h1 className="page-title">{GALI_TITLE}</h1>
      <GaliMarketList />
    </section>
  );
}
