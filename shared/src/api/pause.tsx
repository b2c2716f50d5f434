import { selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { BettingOffNotice } from '@matka/shared/ui';
import { TEMPLATES, fillTemplate, formatMomentText, isPermanent } from '@matka/shared/domain';
import { tDate, tTemplate, useLanguage } from '@matka/shared/i18n';
import { useProtectionQuery } from './api';
import { useSettled } from './settled';

/**
 * A moment in India's time as the player reads every moment in the app, the server's messages too:
 * '28-November-2026 09:05 PM' (formatMomentText), its month named in the language in use as the
 * histories name it (tDate).
 */
export function formatMoment(iso: string): string {
  return tDate(formatMomentText(iso));
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

/**
 * Why the player cannot play, above a market list: a break or a self-exclusion running (its own notice,
 * which says until when), else betting off (waiting for approval, or off). Never two reasons at once.
 */
export function WhyNoPlay() {
  const paused = usePlayPause();
  return paused ? <PlayPausedNotice /> : <BettingOffNotice />;
}
