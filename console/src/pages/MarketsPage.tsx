import { useState, type FormEvent } from 'react';
import { WEEKDAY_NAMES } from '@matka/shared/domain';
import {
  messageOf,
  useAddMarketMutation,
  useMarketsQuery,
  useSetMarketTimesMutation,
  useSetOffDaysMutation,
  useToggleMarketMutation,
  type MarketRow,
} from '../api';
import { RatesCard } from './RatesCard';
import { BetLimitsCard } from './BetLimitsCard';
import { ConfirmDialog, DataTable, Done, ErrorText, QueryView, ShowFilter } from '../parts';

type Family = MarketRow['family'];
const FAMILIES: { family: Family; label: string }[] = [
  { family: 'regular', label: 'Regular markets' },
  { family: 'starline', label: 'Starline slots' },
  { family: 'gali', label: 'Gali markets' },
];
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Open and close time fields; a Starline slot has one time. */
function TimeFields({
  family,
  open,
  close,
  setOpen,
  setClose,
  idPrefix,
  disabled,
}: {
  family: Family;
  open: string;
  close: string;
  setOpen: (v: string) => void;
  setClose: (v: string) => void;
  idPrefix: string;
  disabled: boolean;
}) {
  return (
    <>
      <label htmlFor={`${idPrefix}-open`}>{family === 'starline' ? 'Slot time' : 'Open time'}</label>
      <input
        id={`${idPrefix}-open`}
        type="time"
        value={open}
        onChange={(e) => setOpen(e.target.value)}
        disabled={disabled}
      />
      {family !== 'starline' && (
        <>
          <label htmlFor={`${idPrefix}-close`}>Close time</label>
          <input
            id={`${idPrefix}-close`}
            type="time"
            value={close}
            onChange={(e) => setClose(e.target.value)}
            disabled={disabled}
          />
        </>
      )}
    </>
  );
}

/** What is wrong with the times, or ''. */
function timesProblem(family: Family, open: string, close: string): string {
  if (!HHMM.test(open)) return family === 'starline' ? 'Enter the slot time' : 'Enter the open time';
  if (family === 'starline') return '';
  if (!HHMM.test(close)) return 'Enter the close time';
  if (family === 'regular' && close <= open) return 'The close time must be after the open time';
  return '';
}

type Change = { kind: 'times' | 'toggle' | 'off-days'; market: MarketRow };

/** 'Sun, Tue' or 'none'. */
const offDaysText = (days: readonly number[]) =>
  days.length
    ? [...days]
        .sort()
        .map((d) => WEEKDAY_NAMES[d].slice(0, 3))
        .join(', ')
    : 'none';

/** Seven checkboxes, Sunday first. */
function OffDayFields({
  days,
  setDays,
  disabled,
}: {
  days: number[];
  setDays: (d: number[]) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="console-days">
      <legend>Weekly off days</legend>
      {WEEKDAY_NAMES.map((name, i) => (
        <label key={name}>
          <input
            type="checkbox"
            checked={days.includes(i)}
            disabled={disabled}
            onChange={(e) => setDays(e.target.checked ? [...days, i] : days.filter((d) => d !== i))}
          />{' '}
          {name}
        </label>
      ))}
    </fieldset>
  );
}

/** Markets: the regular markets, Starline slots and Gali markets; add, change times, enable or disable. */
export function MarketsPage() {
  const list = useMarketsQuery();
  const [add, addState] = useAddMarketMutation();
  const [setTimes, timesState] = useSetMarketTimesMutation();
  const [toggle, toggleState] = useToggleMarketMutation();
  const [setOffDays, offDaysState] = useSetOffDaysMutation();
  const [editDays, setEditDays] = useState<number[]>([]);
  const [family, setFamily] = useState<Family>('regular');
  const [name, setName] = useState('');
  const [open, setOpen] = useState('');
  const [close, setClose] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [change, setChange] = useState<Change | null>(null);
  const [editOpen, setEditOpen] = useState('');
  const [editClose, setEditClose] = useState('');
  const [changeError, setChangeError] = useState('');
  const busy = timesState.isLoading || toggleState.isLoading || offDaysState.isLoading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (addState.isLoading) return;
    setDone('');
    if (!name.trim()) return setError('Enter the market name');
    const problem = timesProblem(family, open, close);
    if (problem) return setError(problem);
    setError('');
    const r = await add({ family, name: name.trim(), open, ...(family === 'starline' ? {} : { close }) });
    if ('error' in r) return setError(messageOf(r.error));
    setDone(r.data.msg ?? 'Added');
    setName('');
    setOpen('');
    setClose('');
  };

  const ask = (kind: Change['kind'], market: MarketRow) => {
    setChange({ kind, market });
    setEditOpen(market.open);
    setEditClose(market.close);
    setEditDays(market.off_days);
    setChangeError('');
    setDone('');
  };
  const confirm = async () => {
    if (!change || busy) return;
    const { market } = change;
    if (change.kind === 'times') {
      const problem = timesProblem(market.family, editOpen, editClose);
      if (problem) return setChangeError(problem);
    }
    if (change.kind === 'off-days' && editDays.length === 7)
      return setChangeError('A market cannot be off every day: disable it instead');
    const r =
      change.kind === 'off-days'
        ? await setOffDays({ family: market.family, market: String(market.id), days: editDays })
        : change.kind === 'times'
          ? await setTimes({
              family: market.family,
              name: market.name,
              open: editOpen,
              close: market.family === 'starline' ? editOpen : editClose,
            })
          : await toggle({ family: market.family, name: market.name, active: !market.active });
    if ('error' in r) return setChangeError(messageOf(r.error));
    setChange(null);
    setDone(r.data.msg ?? 'Saved');
  };

  const rows = (list.data?.markets ?? []).filter((m) => m.family === family);
  return (
    <section>
      <h1>Markets</h1>
      <ShowFilter
        id="m-family"
        value={family}
        options={FAMILIES.map((f) => ({ value: f.family, label: f.label }))}
        onChange={setFamily}
      />
      <Done text={done} />
      <div className="card">
        <QueryView query={list} loadingText="Loading markets...">
          {rows.length ? (
            <DataTable
              key={family}
              caption={FAMILIES.find((f) => f.family === family)!.label}
              rows={rows}
              rowKey={(m) => String(m.id)}
              columns={[
                { header: 'Name', cell: (m) => m.name },
                { header: family === 'starline' ? 'Time' : 'Open', cell: (m) => m.open_time },
                ...(family === 'starline' ? [] : [{ header: 'Close', cell: (m: MarketRow) => m.close_time }]),
                { header: 'Off days', cell: (m) => offDaysText(m.off_days) },
                { header: 'Now', cell: (m) => (m.open_now ? 'open' : 'closed') },
                { header: 'State', cell: (m) => (m.active ? 'enabled' : 'disabled') },
                {
                  header: 'Action',
                  className: 'console-row-actions',
                  cell: (m) => (
                    <>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => ask('times', m)}
                        aria-label={`Change the times of ${m.name}`}
                      >
                        Times
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => ask('off-days', m)}
                        aria-label={`Change the off days of ${m.name}`}
                      >
                        Off days
                      </button>
                      <button
                        type="button"
                        className={`btn ${m.active ? 'btn-danger' : 'btn-primary'}`}
                        onClick={() => ask('toggle', m)}
                        aria-label={`${m.active ? 'Disable' : 'Enable'} ${m.name}`}
                      >
                        {m.active ? 'Disable' : 'Enable'}
                      </button>
                    </>
                  ),
                },
              ]}
            />
          ) : (
            <p>No {FAMILIES.find((f) => f.family === family)!.label.toLowerCase()} yet.</p>
          )}
        </QueryView>
      </div>
      <RatesCard family={family} />
      <BetLimitsCard family={family} />
      <form className="card console-form" onSubmit={submit} noValidate>
        <h2>Add {family === 'starline' ? 'a Starline slot' : family === 'gali' ? 'a Gali market' : 'a market'}</h2>
        <label htmlFor="m-name">Name</label>
        <input
          id="m-name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          disabled={addState.isLoading}
        />
        <TimeFields
          family={family}
          open={open}
          close={close}
          setOpen={setOpen}
          setClose={setClose}
          idPrefix="m-add"
          disabled={addState.isLoading}
        />
        <ErrorText text={error} />
        <button type="submit" className="btn btn-primary" disabled={addState.isLoading}>
          {addState.isLoading ? 'Adding...' : 'Add'}
        </button>
      </form>
      {change && (
        <ConfirmDialog
          title={
            change.kind === 'off-days'
              ? `Off days of ${change.market.name}`
              : change.kind === 'times'
                ? `Times of ${change.market.name}`
                : `${change.market.active ? 'Disable' : 'Enable'} ${change.market.name}?`
          }
          confirmLabel={change.kind !== 'toggle' ? 'Save' : change.market.active ? 'Disable' : 'Enable'}
          busyLabel="Saving..."
          busy={busy}
          error={changeError}
          danger={change.kind === 'toggle' && change.market.active}
          onConfirm={() => void confirm()}
          onCancel={() => setChange(null)}
        >
          {change.kind === 'off-days' ? (
            <>
              <p>On these days the market takes no bid and players see it closed.</p>
              <OffDayFields days={editDays} setDays={setEditDays} disabled={busy} />
            </>
          ) : change.kind === 'times' ? (
            <TimeFields
              family={change.market.family}
              open={editOpen}
              close={editClose}
              setOpen={setEditOpen}
              setClose={setEditClose}
              idPrefix="m-edit"
              disabled={busy}
            />
          ) : (
            <p>
              {change.market.active
                ? 'Players no longer see it and cannot bid on it. Bids already placed stay and are settled by its results.'
                : 'Players see it again and can bid within its times.'}
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
