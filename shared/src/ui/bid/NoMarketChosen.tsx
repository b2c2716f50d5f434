import { t, useLanguage } from '@matka/shared/i18n';
import { Link } from 'react-router-dom';
import type { Family } from '@matka/shared/domain';
import { CHOOSE_MARKET_PATH } from './navState';

/** A bid screen or bid-type chooser opened without a market (a bookmark, a reload): say so and go back to the list. */
export function NoMarketChosen({ family }: { family: Family }) {
  useLanguage();
  return (
    <div className="card bid-nomarket" role="alert">
      <p>{t('ui.chooseMarketFirst', 'Please choose a market first.')}</p>
      <Link className="btn btn-primary" to={CHOOSE_MARKET_PATH[family]}>
        {t('ui.chooseMarket', 'Choose a market')}
      </Link>
    </div>
  );
}
