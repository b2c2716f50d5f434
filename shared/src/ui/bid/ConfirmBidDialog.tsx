import { Modal } from '@matka/shared';

/**
 * The confirm dialog of a bid list: pana name, Total Bid, Total Points, Game Type, the warning,
 * CANCEL and SUBMIT. While submitting it cannot be dismissed and SUBMIT reads 'Submitting...'.
 */
export function ConfirmBidDialog(props: {
  title: string;
  gameName: string;
  totalBids: number;
  totalPoints: number;
  gameType: string;
  warning: string;
  error: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const { busy } = props;
  const items: [string, string][] = [
    ['Game', props.gameName],
    ['Total Bid', String(props.totalBids)],
    ['Total Points', props.totalPoints.toLocaleString('en-IN')],
    ['Game Type', props.gameType],
  ];
  return (
    <Modal title={props.title} onClose={props.onCancel} dismissible={!busy} className="bid-confirm">
      <dl className="bid-summary">
        {items.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="bid-warning">{props.warning}</p>
      {props.error && (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={props.onCancel} disabled={busy}>
          CANCEL
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onSubmit} disabled={busy} aria-busy={busy}>
          {busy ? 'Submitting...' : 'SUBMIT'}
        </button>
      </div>
    </Modal>
  );
}
