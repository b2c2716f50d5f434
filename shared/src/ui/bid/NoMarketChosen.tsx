import { Link } from 'react-router-dom';
import type { Family } from '@matka/shared/domain';
import { CHOOSE_MARKET_PATH, CHOOSE_MARKET_TEXT } from './navState';

/** A bid screen or bid-type chooser opened without a market (a bookmark, a reload): say so and go back to the list. */
export function NoMarketChosen({ family }: { family: Family }) {
  return (
    <div className="card bid-nomarket" role="alert">
      <p>{CHOOSE_MARKET_TEXT}</p>
      <Link className="btn btn-primary" to={CHOOSE_MARKET_PATH[family]}>
        Choose a market
      </Link>
    </div>
  );
}
