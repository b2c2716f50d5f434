import { useEffect, useState } from 'react';
import { formatPoints, selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { Modal } from '@matka/shared/ui';
import { useSettled } from '@matka/shared/api';
import { useShellRealityCheckQuery } from '../api';
import { t, useLanguage } from '@matka/shared/i18n';
import { useLogout } from './useLogout';

/** '1 hour 30 minutes' */
export function playedText(ms: number): string {
  const total = Math.max(Math.round(ms / 60_000), 0);
  const h = Math.floor(total / 60);
  const m = total % 60;
  const hours = h === 1 ? t('reality.hourOne', '1 hour') : t('reality.hours', '{n} hours', { n: h });
  const minutes = m === 1 ? t('reality.minuteOne', '1 minute') : t('reality.minutes', '{n} minutes', { n: m });
  if (!h) return minutes;
  return m ? `${hours} ${minutes}` : hours;
}

/** The next moment a check is due: the first whole interval after `now`, counted from the login. */
export function nextCheck(loginAt: number, minutes: number, now: number): number {
  const every = minutes * 60_000;
  return loginAt + (Math.floor(Math.max(now - loginAt, 0) / every) + 1) * every;
}

/**
 * The reality check: with an interval chosen on Responsible Play (kept on the account), every
 * 30, 60 or 120 minutes after login a dialog shows the time played and the net result since login, read
 * from the server when it opens, with 'Continue' and 'Log out'.
 */
export function RealityCheck() {
  useLanguage();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // read once the first screen is done (its dialog comes 30 minutes or more after login at the earliest)
  const settled = useSettled();
  const q = useShellRealityCheckQuery(undefined, { skip: !loggedIn || !settled });
  const [due, setDue] = useState<number | null>(null);
  const [logout, loggingOut] = useLogout(() => setDue(null));
  const minutes = q.data?.minutes ?? 0;
  const loginAt = q.data?.login_at ? new Date(q.data.login_at).getTime() : 0;

  useEffect(() => {
    if (!minutes || !loginAt || due !== null) return;
    const at = nextCheck(loginAt, minutes, Date.now());
    const timer = setTimeout(() => {
      setDue(at);
      // the figures as they are now
      void q.refetch();
    }, at - Date.now());
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch is stable for this query
  }, [minutes, loginAt, due]);

  if (due === null || !q.data || !minutes) return null;
  const staked = q.data.staked ?? 0;
  const won = q.data.won ?? 0;
  const net = won - staked;
  return (
    <Modal title={t('reality.title', 'Reality check')} onClose={() => setDue(null)} dismissible={!loggingOut}>
      <p>
        {t('reality.played', 'You have played for {time} since you logged in.', { time: playedText(due - loginAt) })}
      </p>
      {q.isFetching ? (
        <p role="status">{t('reality.loading', 'Loading your figures...')}</p>
      ) : (
        <dl className="reality-figures">
          <dt>{t('reality.staked', 'Staked')}</dt>
          <dd>{t('reality.points', '{points} points', { points: formatPoints(staked) })}</dd>
          <dt>{t('reality.won', 'Won')}</dt>
          <dd>{t('reality.points', '{points} points', { points: formatPoints(won) })}</dd>
          <dt>{t('reality.net', 'Net result')}</dt>
          <dd>{t('reality.points', '{points} points', { points: `${net > 0 ? '+' : ''}${formatPoints(net)}` })}</dd>
        </dl>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void logout()} disabled={loggingOut}>
          {loggingOut ? t('menu.loggingOut', 'Logging out...') : t('menu.logout', 'Log out')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => setDue(null)} disabled={loggingOut}>
          {t('reality.continue', 'Continue')}
        </button>
      </div>
    </Modal>
  );
}
