import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  MSG,
  biddingClosed,
  selectHeardResults,
  selectHome,
  selectWallet,
  useAppSelector,
  useOffline,
  BID_TOAST,
  notify,
  OfflineReason,
  holdUnsentRows,
} from '@matka/shared';
import {
  BET_TYPES,
  HALF_SANGAM_FIELDS,
  biddableSessions,
  clockOfChosen,
  formatBidDate,
  formatPoints,
  validateBid,
  betLimitOf,
  maxBidHint,
  maxBidMessage,
  minBidMessage,
  TEMPLATES,
  fillTemplate,
  type BetTypeId,
  type BidRow,
  type HalfSangamForm,
  type Session,
  type SpDpTpFlags,
  numbersClosedMessage,
  sessionClosedMessage,
  sessionMeaningless,
  winIfCorrect,
} from '@matka/shared/domain';
import { useGameRatesQuery, usePlayPause } from '@matka/shared/api';
import { t, tDate, tMsg, tTemplate, tWord, useLanguage } from '@matka/shared/i18n';
import { BidList } from './BidList';
import { KINDS, sessionTotals, slipKeptText, sum, toEntries, type Entry } from './entries';

export { slipKeptText } from './entries';
import { CappedSlip } from './CappedSlip';
import { ConfirmBidDialog } from './ConfirmBidDialog';
import { newRequestId } from './requestId';
import { readSlip, slipKey, writeSlip } from './slip';
import { SuggestField } from './SuggestField';
import { useBidSubmit } from './useBidSubmit';
import './bid.css';

export interface BidEntryProps {
  betType: BetTypeId;
  gameId: string;
  gameName: string;
  openTime: string;
  /** The market's close time and today's results ('' or absent: not known / not declared). */
  closeTime?: string;
  openResult?: string;
  closeResult?: string;
  /** Injectable clock for tests; default () => new Date(). */
  now?: () => Date;
}

const defaultNow = () => new Date();

const HALF_SANGAM_FORMS: readonly { id: HalfSangamForm; label: () => string }[] = [
  { id: 'openDigitClosePana', label: () => t('bid.openDigitClosePana', 'Open Digit + Close Pana') },
  { id: 'openPanaCloseDigit', label: () => t('bid.openPanaCloseDigit', 'Open Pana + Close Digit') },
];
const NO_FLAGS: SpDpTpFlags = { SP: false, DP: false, TP: false };
const fmt = formatPoints;

/**
 * The common bid-entry layout of all 17 bet types (spec "Bid-entry screens"), driven by BET_TYPES
 * and the rules module: date, session, digit / pana fields with suggestions, points, Proceed, the
 * pending list with refunds, and the confirm dialog that submits.
 */
export function BidEntry(props: BidEntryProps) {
  useLanguage();
  const { betType, gameId, gameName, openTime, now = defaultNow } = props;
  const { closeTime = '', openResult = '', closeResult = '' } = props;
  const def = BET_TYPES[betType];
  // The session check runs when the screen opens (spec section 4), with the server's rule: the times
  // and the results declared so far; a result heard on the live stream meanwhile closes its session.
  const [openedAt] = useState(now);
  const heard = useAppSelector(selectHeardResults)[gameId];
  const liveOpenResult = heard?.open_result || openResult;
  const liveCloseResult = heard?.close_result || closeResult;
  const allowed = useMemo(
    () =>
      biddableSessions(
        betType,
        clockOfChosen(def.family, {
          openTime,
          closeTime,
          openResult: liveOpenResult,
          closeResult: liveCloseResult,
        }),
        openedAt,
      ),
    [betType, def.family, openTime, closeTime, liveOpenResult, liveCloseResult, openedAt],
  );
  // a break or a self-exclusion running: the server refuses every bid, so the screen says it and takes none
  const paused = usePlayPause();
  const closed = allowed.length === 0 || paused !== null;
  const [session, setSession] = useState<Session>(
    () => def.fixedSession ?? (allowed.includes('Open') ? 'Open' : 'Close'),
  );
  // a session that closed while the screen was open: the other is chosen, and the player is told
  const [endedSession, setEndedSession] = useState<Session | null>(null);
  useEffect(() => {
    if (!def.hasSession || def.fixedSession || allowed.length === 0 || allowed.includes(session)) return;
    setEndedSession(session);
    setSession(allowed[0]);
  }, [allowed, session, def.hasSession, def.fixedSession]);
  const [form, setForm] = useState<HalfSangamForm>('openDigitClosePana');
  const fields = betType === 'half_sangam' ? HALF_SANGAM_FIELDS[form] : def.fields;
  const [values, setValues] = useState<[string, string]>(['', '']);
  const [points, setPoints] = useState('');
  const [flags, setFlags] = useState<SpDpTpFlags>(NO_FLAGS);
  // The pending slip is kept for the tab's session (slip.ts): a refresh brings it back, without the
  // rows whose session has closed meanwhile (the player is told how many were kept and dropped).
  const slip = slipKey(betType, gameId, formatBidDate(openedAt));
  const [kept] = useState(() => {
    const stored = readSlip(slip);
    const usable = stored
      .map((x) => ({ ...x, rows: x.rows.filter((r) => allowed.includes(r.session)) }))
      .filter((x) => x.rows.length > 0)
      .map((x) => ({ ...x, total: x.rows.reduce((s, r) => s + r.points, 0) }));
    const count = (list: Entry[]) => list.reduce((n, x) => n + x.rows.length, 0);
    return { entries: usable, restored: count(usable), dropped: count(stored) - count(usable) };
  });
  const [entries, setEntries] = useState<Entry[]>(kept.entries);
  useEffect(() => writeSlip(slip, entries), [slip, entries]);
  // while rows wait to be sent, the shell offers no reload for a new version (ui/unsent.ts)
  const screen = useRef({});
  useEffect(() => holdUnsentRows(screen.current, entries.length > 0), [entries.length]);
  useEffect(() => {
    const me = screen.current;
    return () => holdUnsentRows(me, false);
  }, []);
  const [confirm, setConfirm] = useState<{ requestId: string; error: string } | null>(null);
  const keySeq = useRef(Math.max(0, ...kept.entries.map((x) => x.key)));
  const firstField = useRef<HTMLInputElement>(null);

  const walletKnown = useAppSelector(selectHome).wallet_amt !== null;
  const wallet = useAppSelector(selectWallet);
  const pending = sum(entries);
  const balance = wallet - pending;
  const rows = entries.flatMap((e) => e.rows);
  const { submit, busy } = useBidSubmit({ betType, gameId, gameName, now });
  // what each pending row wins if it is correct, at today's rates (the server stores the rate with the bid)
  const { data: rates } = useGameRatesQuery(def.family);
  const record = rates?.game_rates?.[0];
  // the operator's limits of this bet type (the server enforces them; shown and checked here first)
  const limit = betLimitOf(rates?.bet_limits, betType);
  const maxHint = maxBidHint(limit);
  const winOf = (x: { rows: BidRow[] }): number | null => {
    const wins = x.rows.map((r) => winIfCorrect(betType, r, record));
    return wins.some((w) => w === null) ? null : Math.max(0, ...(wins as number[]));
  };
  const bestWin = entries.length ? winOf({ rows }) : null;
  const offline = useOffline();
  const starline = def.family === 'starline';
  const toastError = (m: string) => notify.error(m, { ...BID_TOAST, toastId: m });
  const title = tWord(def.title);
  const closedText = t('bid.closed', 'Bidding is closed for {betType}', { betType: title });
  void biddingClosed; // the English of 'bid.closed' (the domain's text)
  /** '{session} bids are closed for {betType}; {other} bids are still taken.' in the player's language */
  const sessionClosedText = (s: Session) =>
    tTemplate('sessionClosed', sessionClosedMessage(def.title, s), {
      session: tWord(s),
      betType: title,
      other: tWord(s === 'Open' ? 'Close' : 'Open'),
    });
  // numbers a liability cap closed (the server's refusal named them): their rows cannot be placed
  const [capped, setCapped] = useState<string[]>([]);
  const numberOf = (r: BidRow) => (r.closedigits ? `${r.digits}-${r.closedigits}` : r.digits);
  const rowCapped = (r: BidRow) => capped.includes(numberOf(r));
  const cappedRows = rows.filter(rowCapped);
  const cappedText =
    cappedRows.length > 0
      ? tTemplate('numbersClosed', numbersClosedMessage(capped), { numbers: capped.join(', ') })
      : '';
  // a pending row whose session has closed since it was added (a result heard meanwhile)
  const rowClosed = (r: BidRow) => closed || !allowed.includes(def.fixedSession ?? r.session) || rowCapped(r);
  const closedRows = rows.filter(rowClosed);

  function proceed(e: FormEvent) {
    e.preventDefault();
    if (closed) return toastError(paused ?? closedText);
    if (!walletKnown) return; // the balance check needs the balance (the button is disabled meanwhile)
    const r = validateBid(betType, {
      digit: values[0],
      closeDigit: fields.length > 1 ? values[1] : undefined,
      points,
      session,
      balance,
      flags,
      halfSangamForm: form,
    });
    if (!r.ok) return toastError(tMsg(r.message));
    const each = r.rows[0]?.points ?? 0;
    // the spec's message for the default limits, the domain's template for an operator's own
    const mine = (text: string, key: 'minBid' | 'maxBid', values: Record<string, number>) =>
      text === fillTemplate(TEMPLATES[key], values) ? tTemplate(key, text, values) : tMsg(text);
    if (each < limit.min) return toastError(mine(minBidMessage(limit.min), 'minBid', { min: limit.min }));
    if (each > limit.max) return toastError(mine(maxBidMessage(limit.max), 'maxBid', { max: limit.max }));
    setEntries((list) => [...list, ...toEntries(betType, values[0], r.rows, () => ++keySeq.current, flags)]);
    setValues(['', '']);
    firstField.current?.focus();
  }

  function remove(key: number) {
    setEntries((list) => list.filter((x) => x.key !== key));
  }

  /**
   * Sends `list` (the confirmed slip, or what is left of it once a cap closed some of its numbers) as
   * one confirmation; `inDialog`: from the confirmation dialog, which shows a Starline refusal itself.
   */
  async function send(list: BidRow[], requestId: string, inDialog: boolean) {
    const outcome = await submit(list, requestId);
    if (!outcome) return;
    if (outcome.ok) {
      setConfirm(null);
      setEntries([]);
      notify.success(tMsg(starline ? MSG.starlineBidPlaced : MSG.bidPlaced), BID_TOAST);
      return;
    }
    // Requests already placed (another session, another SP DP TP kind) leave the list, so a new
    // confirmation cannot place them twice.
    if (outcome.placed.length) {
      setEntries((list) =>
        list
          .map((x) => ({ ...x, rows: x.rows.filter((r) => !outcome.placed.includes(r)) }))
          .filter((x) => x.rows.length > 0)
          .map((x) => ({ ...x, total: x.rows.reduce((s, r) => s + r.points, 0) })),
      );
    }
    // a liability cap closed some numbers: their rows are marked, and the player may place the others
    if (outcome.closedNumbers.length) {
      setCapped(outcome.closedNumbers);
      setConfirm(null);
      return;
    }
    // the server's own reason (balance spent elsewhere, the market closed meanwhile); the spec's text
    // when no answer came
    if (starline && inDialog) setConfirm((c) => (c ? { ...c, error: tMsg(outcome.message) } : c));
    else {
      setConfirm(null);
      notify.error(tMsg(outcome.message), { ...BID_TOAST, toastId: outcome.message });
    }
  }

  return (
    <div className="bid-entry">
      <form className="card bid-form" onSubmit={proceed} noValidate>
        <div className="bid-head">
          <div className="bid-field bid-date">
            <label htmlFor={`bid-date-${betType}`}>{t('bid.date', 'Date')}</label>
            <input id={`bid-date-${betType}`} value={tDate(formatBidDate(openedAt))} readOnly />
          </div>
          <p className="bid-balance" aria-live="polite">
            <span>{t('bid.balance', 'Balance')}</span>
            {/* what is left after the pending bids; never below zero: past it, the real balance */}
            <strong data-testid="bid-balance">{walletKnown ? fmt(balance >= 0 ? balance : wallet) : '…'}</strong>
          </p>
          {walletKnown && balance < 0 && (
            <p className="bid-short" role="alert">
              {t('bid.short', 'These bids need {points} more points than your balance: delete some to submit.', {
                points: fmt(-balance),
              })}
            </p>
          )}
        </div>

        {closed && (
          <p className="bid-closed" role="alert">
            {paused ?? closedText}
          </p>
        )}
        {!closed && endedSession && (
          <p className="bid-closed" role="alert">
            {sessionClosedText(endedSession)}
          </p>
        )}

        {def.hasSession && (
          <fieldset className="bid-choice" disabled={closed}>
            <legend>{t('bid.session', 'Session')}</legend>
            {(['Open', 'Close'] as const).map((s) => (
              <label key={s} className={`bid-pill${allowed.includes(s) ? '' : ' is-disabled'}`}>
                <input
                  type="radio"
                  name={`session-${betType}`}
                  value={s}
                  checked={session === s}
                  disabled={!allowed.includes(s)}
                  onChange={() => setSession(s)}
                />
                <span>{tWord(s)}</span>
              </label>
            ))}
          </fieldset>
        )}

        {betType === 'half_sangam' && (
          <fieldset className="bid-choice" disabled={closed}>
            <legend>{t('bid.sangam', 'Sangam')}</legend>
            {HALF_SANGAM_FORMS.map((f) => (
              <label key={f.id} className="bid-pill">
                <input
                  type="radio"
                  name="half-sangam-form"
                  value={f.id}
                  checked={form === f.id}
                  onChange={() => {
                    setForm(f.id);
                    setValues(['', '']);
                  }}
                />
                <span>{f.label()}</span>
              </label>
            ))}
          </fieldset>
        )}

        {betType === 'sp_dp_tp' && (
          <fieldset className="bid-choice" disabled={closed}>
            <legend>{t('bid.panaType', 'Pana type')}</legend>
            {KINDS.map((k) => (
              <label key={k} className="bid-pill">
                <input
                  type="checkbox"
                  name={k}
                  checked={flags[k]}
                  onChange={(e) => setFlags((f) => ({ ...f, [k]: e.target.checked }))}
                />
                <span>{k}</span>
              </label>
            ))}
          </fieldset>
        )}

        <div className={`bid-fields bid-fields-${fields.length + 1}`}>
          {fields.map((f, i) => (
            <SuggestField
              key={`${form}-${f.label}`}
              ref={i === 0 ? firstField : undefined}
              field={f}
              value={values[i]}
              disabled={closed}
              onChange={(v) => setValues((vs) => (i === 0 ? [v, vs[1]] : [vs[0], v]))}
            />
          ))}
          <div className="bid-field">
            <label htmlFor={`bid-points-${betType}`}>{t('bid.points', 'Points')}</label>
            <input
              id={`bid-points-${betType}`}
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint="done"
              maxLength={10}
              placeholder={t('bid.min', 'Min {points}', { points: formatPoints(limit.min) })}
              value={points}
              disabled={closed}
              aria-describedby={maxHint ? `bid-max-${betType}` : undefined}
              onChange={(e) => setPoints(e.target.value.slice(0, 10))}
            />
            {maxHint && (
              <p className="bid-max" id={`bid-max-${betType}`}>
                {t('bid.maxHint', 'Max {points} points', { points: formatPoints(limit.max) })}
              </p>
            )}
          </div>
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-block bid-proceed"
          disabled={closed || !walletKnown}
          aria-describedby={!closed && !walletKnown ? `bid-loading-${betType}` : undefined}
        >
          {t('bid.proceed', 'Proceed')}
        </button>
        {!closed && !walletKnown && (
          <p className="bid-loading" id={`bid-loading-${betType}`} role="status">
            {t('bid.loadingBalance', 'Loading balance...')}
          </p>
        )}
      </form>

      {/* until the slip changes */}
      {entries === kept.entries && (kept.restored > 0 || kept.dropped > 0) && (
        <p className="bid-kept" role="status">
          {slipKeptText(kept.restored, kept.dropped)}
        </p>
      )}

      {cappedRows.length > 0 && (
        <CappedSlip
          text={cappedText}
          rest={rows.length - cappedRows.length}
          busy={busy}
          onPlaceRest={() => {
            // the player confirmed this slip already: the closed numbers' rows leave it, and one tap sends
            // the rest (as a new confirmation, with its own keys)
            const rest = rows.filter((r) => !rowCapped(r));
            setEntries((list) =>
              list
                .map((x) => ({ ...x, rows: x.rows.filter((r) => !rowCapped(r)) }))
                .filter((x) => x.rows.length > 0)
                .map((x) => ({ ...x, total: x.rows.reduce((n, r) => n + r.points, 0) })),
            );
            setCapped([]);
            void send(rest, newRequestId(), false);
          }}
        />
      )}

      {entries.length > 0 && (
        <BidList
          entries={entries}
          heading={
            betType === 'sp_dp_tp'
              ? tWord('Digit')
              : fields.length > 1
                ? t('bid.openClose', 'Open-Close')
                : tWord(fields[0].label)
          }
          session={sessionMeaningless(def) || !def.hasSession ? null : (x) => def.requestSession ?? x.rows[0].session}
          rowClosed={rowClosed}
          winOf={winOf}
          onDelete={remove}
        />
      )}

      {entries.length > 0 && (
        <div className="bid-submitbar">
          <p>
            <span>
              {t('bid.bids', 'Bids')} <strong>{rows.length}</strong>
            </span>
            <span>
              {t('bid.points', 'Points')} <strong>{fmt(pending)}</strong>
            </span>
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={offline}
            aria-describedby={offline ? `bid-offline-${betType}` : undefined}
            onClick={() => {
              // rows of a session that has closed are not sent: the player deletes them first
              if (closedRows.length > 0)
                return toastError(
                  closed
                    ? (paused ?? closedText)
                    : cappedRows.length
                      ? cappedText
                      : sessionClosedText(def.fixedSession ?? closedRows[0].session),
                );
              setConfirm({ requestId: newRequestId(), error: '' });
            }}
          >
            {t('bid.submit', 'Submit')}
          </button>
          {offline && <OfflineReason id={`bid-offline-${betType}`} />}
        </div>
      )}

      {confirm && (
        <ConfirmBidDialog
          title={title}
          gameName={gameName}
          totalBids={rows.length}
          totalPoints={pending}
          // the session is a row of its own only where the player chose it (Half Sangam's form says it)
          sessions={sessionMeaningless(def) || !def.hasSession ? [] : sessionTotals(rows, def.requestSession)}
          gameType={def.title}
          win={bestWin}
          warning={tMsg(def.family === 'regular' ? MSG.bidWarning : MSG.bidWarningStarline)}
          error={confirm.error}
          busy={busy}
          onCancel={() => setConfirm(null)}
          onSubmit={() => void (confirm && send(rows, confirm.requestId, true))}
        />
      )}
    </div>
  );
}
