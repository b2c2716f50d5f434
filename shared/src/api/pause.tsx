import { selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { TEMPLATES, fillTemplate, isPermanent } from '@matka/shared/domain';
import { currentLanguage, tTemplate, useLanguage } from '@matka/shared/i18n';
import { useProtectionQuery } from './api';
import { useSettled } from './settled';

/**
 * A moment in India's time, in the language in use ('28 Nov 2026, 9:05 pm'; Hindi and Marathi month
 * names), with the Latin digits every other number of the app is written in (Marathi would otherwise
 * write it in Devanagari digits beside Latin points in one sentence). `withYear: false` leaves the year out.
 * (Here, not in the i18n entry: no first screen shows a moment, and the login page's code stays small.)
 */
export function formatMoment(iso: string, withYear = true): string {
  return new Date(iso).toLocaleString(`${currentLanguage()}-IN-u-nu-latn`, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * Why this player may not play now (a break or a self-exclusion running), in their language, or null.
 * The server refuses every bid meanwhile; the home and bid screens say it before the player tries. Read
 * once the first screen is done; a break taken in another app reaches it through the live stream.
 */
export function usePlayPause(): string | null {
  useLanguage();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const settled = useSettled();
  const { data } = useProtectionQuery(undefined, { skip: !loggedIn || !settled });
  if (!data) return null;
  const now = Date.now();
  const running = (iso?: string): iso is string => !!iso && new Date(iso).getTime() > now;
  if (running(data.excluded_until)) {
    if (data.permanent || isPermanent(data.excluded_until))
      return tTemplate('excludedForGood', TEMPLATES.excludedForGood, {});
    const time = formatMoment(data.excluded_until);
    return tTemplate('excludedUntil', fillTemplate(TEMPLATES.excludedUntil, { time }), { time });
  }
  if (running(data.break_until)) {
    const time = formatMoment(data.break_until);
    return tTemplate('breakUntil', fillTemplate(TEMPLATES.breakUntil, { time }), { time });
  }
  return null;
}

/**
 * The notice of a break or a self-exclusion on the home, market, bid and money screens (nothing while
 * none runs); `id` lets a button it disables name it (aria-describedby).
 */
export function PlayPausedNotice({ id }: { id?: string } = {}) {
  const paused = usePlayPause();
  if (!paused) return null;
  return (
    <p className="betting-off-notice" role="note" data-testid="play-paused" id={id}>
      {paused}
    </p>
  );
}
