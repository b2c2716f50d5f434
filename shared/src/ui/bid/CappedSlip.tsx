import { t, useLanguage } from '@matka/shared/i18n';

/**
 * A liability cap closed some numbers of a confirmed slip: the refusal that names them, and one tap
 * that removes their rows and places the `rest` other bids (none: only the refusal).
 */
export function CappedSlip(props: { text: string; rest: number; busy: boolean; onPlaceRest: () => void }) {
  useLanguage();
  return (
    <div className="card bid-capped" role="alert">
      <p>{props.text}</p>
      {props.rest > 0 && (
        <button type="button" className="btn btn-primary btn-block" disabled={props.busy} onClick={props.onPlaceRest}>
          {props.busy
            ? t('ui.submitting', 'Submitting...')
            : props.rest === 1
              ? t('bid.placeOtherOne', 'Remove them and place the other bid')
              : t('bid.placeOthers', 'Remove them and place the other {n} bids', { n: props.rest })}
        </button>
      )}
    </div>
  );
}
