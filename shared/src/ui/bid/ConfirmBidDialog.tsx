import type { ReactNode } from 'react';
import { OfflineReason, useOffline } from '@matka/shared';
import { Modal } from '@matka/shared/ui';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import { formatPoints } from '@matka/shared/domain';

export interface SessionTotal {
  session: string;
  bids: number;
  points: number;
}

/**
 * The confirm dialog of a bid list: pana name, Total Bid, Total Points, Game Type (the bet, on every
 * screen), Session where the player chose one, the warning, CANCEL and SUBMIT. A list with rows of both
 * sessions shows each session's bids and points under Session, since each row is placed in the session
 * it was added with. While submitting it cannot be dismissed and SUBMIT reads 'Submitting...'.
 */
export function ConfirmBidDialog(props: {
  title: string;
  gameName: string;
  totalBids: number;
  totalPoints: number;
  /** the list's sessions; none for a bet whose session means nothing to the player (Gali, Starline, Full Sangam) */
  sessions: SessionTotal[];
  /** Game Type: the bet ('Single Digit', 'Full Sangam') */
  gameType: string;
  /** the most one correct bid of the list wins, at today's rates (null: rates not known) */
  win?: number | null;
  warning: string;
  error: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  useLanguage();
  const { busy } = props;
  const offline = useOffline();
  const session: ReactNode =
    props.sessions.length === 0
      ? null
      : props.sessions.length === 1
        ? tWord(props.sessions[0].session)
        : props.sessions.map((s) => (
            <span key={s.session} className="bid-summary-session">
              {s.bids === 1
                ? t('bid.sessionOne', '{session}: 1 bid, {points} points', {
                    session: tWord(s.session),
                    points: formatPoints(s.points),
                  })
                : t('bid.sessionMany', '{session}: {n} bids, {points} points', {
                    session: tWord(s.session),
                    n: s.bids,
                    points: formatPoints(s.points),
                  })}
            </span>
          ));
  const items: [string, ReactNode][] = [
    [t('confirm.game', 'Game'), props.gameName],
    [t('confirm.totalBid', 'Total Bid'), String(props.totalBids)],
    [t('confirm.totalPoints', 'Total Points'), formatPoints(props.totalPoints)],
    [t('confirm.gameType', 'Game Type'), tWord(props.gameType)],
  ];
  if (session !== null) items.push([t('bid.session', 'Session'), session]);
  if (props.win !== null && props.win !== undefined)
    items.push([
      t('bid.winIfCorrect', 'Win if correct'),
      props.totalBids === 1
        ? formatPoints(props.win)
        : t('confirm.upTo', 'up to {points} (one bid)', { points: formatPoints(props.win) }),
    ]);
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
      {offline && <OfflineReason id="bid-confirm-offline" />}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={props.onCancel} disabled={busy}>
          {t('confirm.cancel', 'CANCEL')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={props.onSubmit}
          disabled={busy || offline}
          aria-busy={busy}
          aria-describedby={offline ? 'bid-confirm-offline' : undefined}
        >
          {busy ? t('ui.submitting', 'Submitting...') : t('confirm.submit', 'SUBMIT')}
        </button>
      </div>
    </Modal>
  );
}
