import { useId, useState } from 'react';
import {
  LIMIT_KINDS,
  LIMIT_KIND_LABELS,
  LIMIT_PERIODS,
  LIMIT_PERIOD_LABELS,
  LIMIT_PERIOD_UNITS,
  formatPoints,
  limitName,
  type LimitKind,
  type LimitPeriod,
} from '@matka/shared/domain';
import type { PlayLimit, PlayLimitChange } from '@matka/shared/contract';
import { outcome, useShellSetLimitMutation, useShellSetRealityCheckMutation } from '../api';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import { formatMoment } from '@matka/shared/api';
import { FormMessage, SubmitButton, TextField } from '../components/form';

/** A moment in India's time in the language in use (the app's one format of a moment). */
export const when = (iso: string) => formatMoment(iso);

/** 'Daily stake limit' (the domain's limitName), in the language in use. */
const limitTitle = (kind: LimitKind, period: LimitPeriod) => {
  void limitName; // the English: '{period} {kind} limit'
  return t('limit.name', '{period} {kind} limit', {
    period: tWord(LIMIT_PERIOD_LABELS[period]),
    kind: tWord(LIMIT_KIND_LABELS[kind]).toLowerCase(),
  });
};

/** One limit in force: what is used, when it resets, and a change that waits. */
function LimitLine({ l }: { l: PlayLimit }) {
  useLanguage();
  return (
    <li>
      <strong>
        {t('limit.line', '{name}: {points} points', {
          name: limitTitle(l.kind, l.period),
          points: formatPoints(l.amount),
        })}
      </strong>
      {/* a limit used up (or passed before it was lowered) says so: nothing more until it resets */}
      {Number(l.used) >= Number(l.amount) ? (
        <span className="limit-reached">
          {t('limit.reached', 'Reached ({points} used): nothing more until {time}', {
            points: formatPoints(l.used),
            time: when(l.resets),
          })}
        </span>
      ) : (
        <span>
          {t('limit.usedOf', '{points} used of {limit}, {left} left; resets {time}', {
            points: formatPoints(l.used),
            limit: formatPoints(l.amount),
            left: formatPoints(Number(l.amount) - Number(l.used)),
            time: when(l.resets),
          })}
        </span>
      )}
      {l.removing ? (
        <span className="limit-pending">{t('limit.removedOn', 'Removed on {time}', { time: when(l.next_at) })}</span>
      ) : (
        l.next_at &&
        l.next_amount !== null && (
          <span className="limit-pending">
            {t('limit.raisedOn', 'Raised to {points} points on {time}', {
              points: formatPoints(l.next_amount),
              time: when(l.next_at),
            })}
          </span>
        )
      )}
    </li>
  );
}

/**
 * The player's deposit, loss and stake limits: set per day, week or month; a lower limit holds
 * at once, a higher one or a removal after 24 hours. The server counts and enforces them for every app.
 */
export function LimitsCard({ limits }: { limits: PlayLimit[] }) {
  useLanguage();
  const ids = { kind: useId(), period: useId() };
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const [save, saving] = useShellSetLimitMutation();

  async function submit() {
    setMessage({});
    const text = amount.trim().replace(/,/g, '');
    if (!/^\d+$/.test(text)) {
      setError(t('limit.enter', 'Enter the limit in points, or 0 to remove it'));
      return;
    }
    setError('');
    const r = outcome(await save({ kind, period, amount: text }));
    if (r.ok) setAmount('');
    setMessage(
      r.ok ? { success: r.msg } : { error: r.msg || t('resp.saveFailed', 'Could not save. Please try again.') },
    );
  }

  return (
    <form
      className="card responsible-card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{t('limit.title', 'Your limits')}</h2>
      {limits.length ? (
        <ul className="limit-list">
          {limits.map((l) => (
            <LimitLine key={`${l.kind}-${l.period}`} l={l} />
          ))}
        </ul>
      ) : (
        <p>{t('limit.none', 'You have set no limits.')}</p>
      )}
      <p className="field-hint">
        {t('limit.rule', 'A lower limit holds at once. A higher limit, or removing one, takes effect 24 hours later.')}
      </p>
      <div className="limit-selects">
        <div className="field">
          <label htmlFor={ids.kind}>{t('limit.kind', 'Limit')}</label>
          <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as LimitKind)}>
            {LIMIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {tWord(LIMIT_KIND_LABELS[k])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.period}>{t('limit.per', 'Per')}</label>
          <select id={ids.period} value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriod)}>
            {LIMIT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {tWord(LIMIT_PERIOD_UNITS[p])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        label={t('limit.points', 'Points')}
        value={amount}
        onValue={setAmount}
        inputMode="numeric"
        placeholder={t('limit.placeholder', '0 removes the limit')}
        error={error}
      />
      <FormMessage {...message} />
      <SubmitButton
        busy={saving.isLoading}
        text={t('limit.save', 'Save limit')}
        busyText={t('age.saving', 'Saving...')}
      />
    </form>
  );
}

const REALITY_CHOICES = [0, 30, 60, 120] as const;

/** How often the reality check shows (kept on the account, so every app of the player shows it). */
export function RealityCheckCard({ minutes }: { minutes: number }) {
  useLanguage();
  const [choice, setChoice] = useState<number>(minutes);
  // the page read again (after a save, or a change from another app): the choice follows what the account
  // holds, while the save's message stays on screen
  const [held, setHeld] = useState(minutes);
  if (held !== minutes) {
    setHeld(minutes);
    setChoice(minutes);
  }
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const [save, saving] = useShellSetRealityCheckMutation();
  return (
    <form
      className="card responsible-card"
      onSubmit={(e) => {
        e.preventDefault();
        setMessage({});
        void save({ minutes: choice }).then((res) => {
          const r = outcome(res);
          setMessage(
            r.ok ? { success: r.msg } : { error: r.msg || t('resp.saveFailed', 'Could not save. Please try again.') },
          );
        });
      }}
    >
      <h2>{t('reality.title', 'Reality check')}</h2>
      <p>{t('reality.about', 'A reminder of how long you have played and your net result since you logged in.')}</p>
      <fieldset>
        <legend>{t('reality.show', 'Show it')}</legend>
        {REALITY_CHOICES.map((m) => (
          <label key={m} className="push-check">
            <input
              type="radio"
              name="reality"
              checked={choice === m}
              onChange={() => setChoice(m)}
              disabled={saving.isLoading}
            />
            {m ? t('reality.every', 'Every {n} minutes', { n: m }) : t('reality.off', 'Off')}
          </label>
        ))}
      </fieldset>
      <FormMessage {...message} />
      <SubmitButton busy={saving.isLoading} text={t('reality.save', 'Save')} busyText={t('age.saving', 'Saving...')} />
    </form>
  );
}

/** 'Daily stake limit lowered to 50 points (was 500)' */
function changeText(h: PlayLimitChange): string {
  const name = limitTitle(h.kind, h.period);
  const points = formatPoints(h.amount ?? 0);
  const was = h.previous !== null ? t('limit.was', ' (was {points})', { points: formatPoints(h.previous) }) : '';
  switch (h.action) {
    case 'set':
      return t('limit.set', '{name} set to {points} points', { name, points });
    case 'lowered':
      return t('limit.lowered', '{name} lowered to {points} points', { name, points }) + was;
    case 'raised':
      return t('limit.raised', '{name} raised to {points} points', { name, points }) + was;
    case 'removed':
      return t('limit.removed', '{name} removed', { name }) + was;
    case 'kept':
      return t('limit.kept', '{name} kept at {points} points (the waiting change dropped)', { name, points });
  }
}

/** Every change of a limit the player asked for, and when it took (or takes) effect. */
export function LimitHistory({ changes }: { changes: PlayLimitChange[] }) {
  useLanguage();
  if (!changes.length) return null;
  return (
    <div className="card responsible-card">
      <h2>{t('limit.changes', 'Limit changes')}</h2>
      <ul className="responsible-history">
        {changes.map((h, i) => (
          <li key={`${h.at}-${i}`}>
            <span>
              {changeText(h)}
              {h.effective_at !== h.at && t('limit.from', ', from {time}', { time: when(h.effective_at) })}
            </span>
            <time dateTime={h.at}>{when(h.at)}</time>
          </li>
        ))}
      </ul>
    </div>
  );
}
