import { useId, useState } from 'react';
import {
  LIMIT_KINDS,
  LIMIT_KIND_LABELS,
  LIMIT_PERIODS,
  LIMIT_PERIOD_UNITS,
  formatPoints,
  limitName,
  type LimitKind,
  type LimitPeriod,
} from '@matka/shared/domain';
import type { PlayLimit, PlayLimitChange } from '@matka/shared/contract';
import { outcome, useShellSetLimitMutation, useShellSetRealityCheckMutation } from '../api';
import { FormMessage, SubmitButton, TextField } from '../components/form';

export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/** One limit in force: what is used, when it resets, and a change that waits. */
function LimitLine({ l }: { l: PlayLimit }) {
  return (
    <li>
      <strong>
        {capital(limitName(l.kind, l.period))}: {formatPoints(l.amount)} points
      </strong>
      <span>
        {formatPoints(l.used)} used, resets {when(l.resets)}
      </span>
      {l.removing ? (
        <span className="limit-pending">Removed on {when(l.next_at)}</span>
      ) : (
        l.next_at &&
        l.next_amount !== null && (
          <span className="limit-pending">
            Raised to {formatPoints(l.next_amount)} points on {when(l.next_at)}
          </span>
        )
      )}
    </li>
  );
}

/**
 * The player's deposit, loss and stake limits (issue D): set per day, week or month; a lower limit holds
 * at once, a higher one or a removal after 24 hours. The server counts and enforces them for every app.
 */
export function LimitsCard({ limits }: { limits: PlayLimit[] }) {
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
      setError('Enter the limit in points, or 0 to remove it');
      return;
    }
    setError('');
    const r = outcome(await save({ kind, period, amount: text }));
    if (r.ok) setAmount('');
    setMessage(r.ok ? { success: r.msg } : { error: r.msg || 'Could not save. Please try again.' });
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
      <h2>Your limits</h2>
      {limits.length ? (
        <ul className="limit-list">
          {limits.map((l) => (
            <LimitLine key={`${l.kind}-${l.period}`} l={l} />
          ))}
        </ul>
      ) : (
        <p>You have set no limits.</p>
      )}
      <p className="field-hint">
        A lower limit holds at once. A higher limit, or removing one, takes effect 24 hours later.
      </p>
      <div className="limit-selects">
        <div className="field">
          <label htmlFor={ids.kind}>Limit</label>
          <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as LimitKind)}>
            {LIMIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {LIMIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.period}>Per</label>
          <select id={ids.period} value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriod)}>
            {LIMIT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {LIMIT_PERIOD_UNITS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        label="Points"
        value={amount}
        onValue={setAmount}
        inputMode="numeric"
        placeholder="0 removes the limit"
        error={error}
      />
      <FormMessage {...message} />
      <SubmitButton busy={saving.isLoading} text="Save limit" busyText="Saving..." />
    </form>
  );
}

const REALITY_CHOICES = [0, 30, 60, 120] as const;

/** How often the reality check shows (kept on the account, so every app of the player shows it). */
export function RealityCheckCard({ minutes }: { minutes: number }) {
  const [choice, setChoice] = useState<number>(minutes);
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
          setMessage(r.ok ? { success: r.msg } : { error: r.msg || 'Could not save. Please try again.' });
        });
      }}
    >
      <h2>Reality check</h2>
      <p>A reminder of how long you have played and your net result since you logged in.</p>
      <fieldset>
        <legend>Show it</legend>
        {REALITY_CHOICES.map((m) => (
          <label key={m} className="push-check">
            <input
              type="radio"
              name="reality"
              checked={choice === m}
              onChange={() => setChoice(m)}
              disabled={saving.isLoading}
            />
            {m ? `Every ${m} minutes` : 'Off'}
          </label>
        ))}
      </fieldset>
      <FormMessage {...message} />
      <SubmitButton busy={saving.isLoading} text="Save" busyText="Saving..." />
    </form>
  );
}

/** 'Daily stake limit lowered to 50 points (was 500)' */
function changeText(h: PlayLimitChange): string {
  const name = capital(limitName(h.kind, h.period));
  const was = h.previous !== null ? ` (was ${formatPoints(h.previous)})` : '';
  switch (h.action) {
    case 'set':
      return `${name} set to ${formatPoints(h.amount ?? 0)} points`;
    case 'lowered':
      return `${name} lowered to ${formatPoints(h.amount ?? 0)} points${was}`;
    case 'raised':
      return `${name} raised to ${formatPoints(h.amount ?? 0)} points${was}`;
    case 'removed':
      return `${name} removed${was}`;
    case 'kept':
      return `${name} kept at ${formatPoints(h.amount ?? 0)} points (the waiting change dropped)`;
  }
}

/** Every change of a limit the player asked for, and when it took (or takes) effect. */
export function LimitHistory({ changes }: { changes: PlayLimitChange[] }) {
  if (!changes.length) return null;
  return (
    <div className="card responsible-card">
      <h2>Limit changes</h2>
      <ul className="responsible-history">
        {changes.map((h, i) => (
          <li key={`${h.at}-${i}`}>
            <span>
              {changeText(h)}
              {h.effective_at !== h.at && <>, from {when(h.effective_at)}</>}
            </span>
            <time dateTime={h.at}>{when(h.at)}</time>
          </li>
        ))}
      </ul>
    </div>
  );
}
