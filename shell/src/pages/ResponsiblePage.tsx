import { useEffect, useRef, useState } from 'react';
import { useProtectionQuery } from '@matka/shared/api';
import { PageLoading } from '@matka/shared';
import { Modal, PageHeader } from '@matka/shared/ui';
import {
  AGE_DECLARATION,
  BREAK_PERIODS,
  EXCLUSION_PERIODS,
  PERIOD_LABELS,
  type BreakPeriod,
  type ExclusionPeriod,
} from '@matka/shared/domain';
import { outcome, useShellConfirmAgeMutation, useShellSelfExcludeMutation, useShellTakeBreakMutation } from '../api';
import { FormMessage } from '../components/form';
import { t, tMsg, tWord, useLanguage } from '@matka/shared/i18n';
import { LimitHistory, LimitsCard, RealityCheckCard, when } from './ResponsibleLimits';

const HISTORY: Record<string, () => string> = {
  age: () => t('resp.histAge', 'Age confirmed (18 or older)'),
  break: () => t('resp.histBreak', 'Break taken'),
  exclusion: () => t('resp.histExclusion', 'Self-exclusion'),
  exclusion_lifted: () => t('resp.histLifted', 'Self-exclusion lifted by the operator'),
};

type Pending = { kind: 'break'; period: BreakPeriod } | { kind: 'exclusion'; period: ExclusionPeriod };

/** What a confirmation says a break or an exclusion means, before the player commits to it. */
function meaning(p: Pending): string {
  const what =
    p.period === 'permanent'
      ? t('resp.meaningForGood', 'From now on, for good, you cannot bid, add funds, or send or receive transfers.')
      : t('resp.meaningFor', 'For {period} you cannot bid, add funds, or send or receive transfers.', {
          period: tWord(PERIOD_LABELS[p.period]).toLowerCase(),
        });
  const still = t('resp.meaningStill', 'You can still log in, see your histories and withdraw your points.');
  const end =
    p.kind === 'exclusion'
      ? t('resp.meaningNoEndOperator', 'You cannot shorten or end it: only the operator can, on a written request.')
      : t('resp.meaningNoEnd', 'You cannot shorten or end it.');
  return `${what} ${still} ${end}`;
}

/**
 * /responsible: the player's own protection, enforced by the server for every app: limits, the
 * reality check, a break, a self-exclusion, the age declaration, and what was set when.
 */
export default function ResponsiblePage() {
  useLanguage();
  const q = useProtectionQuery();
  const [takeBreak, breaking] = useShellTakeBreakMutation();
  const [exclude, excluding] = useShellSelfExcludeMutation();
  const [confirmAge, confirming] = useShellConfirmAgeMutation();
  const [breakPeriod, setBreakPeriod] = useState<BreakPeriod>('24h');
  const [exclusionPeriod, setExclusionPeriod] = useState<ExclusionPeriod>('6m');
  const [pending, setPending] = useState<Pending | null>(null);
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  // after a break or an exclusion starts: its card is scrolled to and focused (the button was below it)
  const stateCard = useRef<HTMLDivElement>(null);
  const [showState, setShowState] = useState(false);
  useEffect(() => {
    if (!showState) return;
    setShowState(false);
    stateCard.current?.scrollIntoView?.({ block: 'center' });
    stateCard.current?.focus();
  }, [showState, q.data]);
  const busy = breaking.isLoading || excluding.isLoading;

  if (q.isLoading) return <PageLoading />;
  const d = q.data;

  async function apply() {
    if (!pending) return;
    const r = outcome(
      pending.kind === 'break'
        ? await takeBreak({ period: pending.period })
        : await exclude({ period: pending.period }),
    );
    setPending(null);
    if (!r.ok) return setMessage({ error: r.msg || t('resp.saveFailed', 'Could not save. Please try again.') });
    // the card of what runs now says it, once and in the page's own words: it is brought into view
    setMessage({});
    setShowState(true);
  }

  return (
    <section className="responsible">
      <PageHeader title={t('menu.responsible', 'Responsible Play')} />
      <p className="responsible-intro">
        {t(
          'resp.intro',
          'Play for fun, with money you can afford to lose. These settings protect you in every app of this game.',
        )}
      </p>
      <FormMessage {...message} />

      <div className="card responsible-card" role="status" ref={stateCard} tabIndex={-1}>
        {d?.excluded_until ? (
          <p>
            <strong>
              {d.permanent
                ? t('resp.excludedForGood', 'You have excluded yourself from play permanently.')
                : t('resp.excludedUntil', 'You have excluded yourself from play until {time}.', {
                    time: when(d.excluded_until),
                  })}
            </strong>
          </p>
        ) : d?.break_until ? (
          <p>
            <strong>
              {t('resp.breakUntil', 'You are taking a break until {time}.', { time: when(d.break_until) })}
            </strong>
          </p>
        ) : (
          <p>{t('resp.none', 'No break or self-exclusion is running.')}</p>
        )}
      </div>

      {/* a break or exclusion begun since: the card starts afresh (no 'limit set' line left from before) */}
      <LimitsCard key={`${d?.break_until ?? ''}|${d?.excluded_until ?? ''}`} limits={d?.limits ?? []} />
      <RealityCheckCard minutes={d?.reality_check_minutes ?? 0} />

      {!d?.age_declared && (
        <div className="card responsible-card">
          <h2>{t('resp.age', 'Your age')}</h2>
          <p>{tMsg(AGE_DECLARATION)}.</p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={confirming.isLoading}
            onClick={() => void confirmAge()}
          >
            {confirming.isLoading ? t('age.saving', 'Saving...') : t('age.confirm', 'I confirm')}
          </button>
        </div>
      )}

      <form
        className="card responsible-card"
        onSubmit={(e) => {
          e.preventDefault();
          setMessage({});
          setPending({ kind: 'break', period: breakPeriod });
        }}
      >
        <h2>{t('resp.break', 'Take a break')}</h2>
        <fieldset>
          <legend>{t('resp.howLong', 'How long')}</legend>
          {BREAK_PERIODS.map((p) => (
            <label key={p} className="push-check">
              <input
                type="radio"
                name="break"
                checked={breakPeriod === p}
                onChange={() => setBreakPeriod(p)}
                disabled={busy}
              />
              {tWord(PERIOD_LABELS[p])}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-secondary btn-block" disabled={busy}>
          {t('resp.break', 'Take a break')}
        </button>
      </form>

      <form
        className="card responsible-card"
        onSubmit={(e) => {
          e.preventDefault();
          setMessage({});
          setPending({ kind: 'exclusion', period: exclusionPeriod });
        }}
      >
        <h2>{t('resp.histExclusion', 'Self-exclusion')}</h2>
        <fieldset>
          <legend>{t('resp.howLong', 'How long')}</legend>
          {EXCLUSION_PERIODS.map((p) => (
            <label key={p} className="push-check">
              <input
                type="radio"
                name="exclusion"
                checked={exclusionPeriod === p}
                onChange={() => setExclusionPeriod(p)}
                disabled={busy}
              />
              {tWord(PERIOD_LABELS[p])}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-danger btn-block" disabled={busy}>
          {t('resp.excludeMyself', 'Exclude myself')}
        </button>
      </form>

      {!!d?.history?.length && (
        <div className="card responsible-card">
          <h2>{t('resp.history', 'History')}</h2>
          <ul className="responsible-history">
            {d.history.map((h) => (
              <li key={`${h.at}-${h.kind}`}>
                <span>
                  {HISTORY[h.kind]?.() ?? h.kind}
                  {h.until
                    ? h.until === 'permanent'
                      ? t('resp.histPermanently', ', permanently')
                      : t('resp.histUntil', ', until {time}', { time: when(h.until) })
                    : ''}
                  {h.kind === 'exclusion_lifted' && h.note ? `: ${h.note}` : ''}
                </span>
                <time dateTime={h.at}>{when(h.at)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}

      <LimitHistory changes={d?.limit_history ?? []} />

      {pending && (
        <Modal
          title={
            pending.kind === 'break'
              ? t('resp.confirmBreak', 'Take a break: {period}?', { period: tWord(PERIOD_LABELS[pending.period]) })
              : t('resp.confirmExclusion', 'Exclude yourself: {period}?', {
                  period: tWord(PERIOD_LABELS[pending.period]),
                })
          }
          onClose={() => !busy && setPending(null)}
          dismissible={!busy}
        >
          <p>{meaning(pending)}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setPending(null)} disabled={busy}>
              {t('resp.cancel', 'Cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void apply()} disabled={busy}>
              {busy
                ? t('age.saving', 'Saving...')
                : pending.kind === 'break'
                  ? t('resp.startBreak', 'Start the break')
                  : t('resp.excludeMe', 'Exclude me')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
