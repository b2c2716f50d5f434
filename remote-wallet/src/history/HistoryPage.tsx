import { Msg } from '@matka/shared/i18n';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { isOk, MSG, PageLoading, selectSession, useAppSelector } from '@matka/shared';
import { EmptyState } from '@matka/shared/ui';
import { callSpec } from '@matka/shared/contract';
import { useHistoryListQuery, type HistoryArgs } from '../api';
import { inputToHistoryDate, todayInput } from '../lib/dates';
import type { Row } from './cards';
import { t, useLanguage } from '@matka/shared/i18n';
import type { HistoryConfig } from './configs';

/** Records rendered at a time; 'Load more' adds the next page, so long lists stay smooth. */
export const PAGE_SIZE = 30;

/**
 * Every history screen: From Date / To Date (today to today by default, loaded on open), Submit,
 * the list of cards, 'NO DATA FOUND' when empty or on error.
 */
export function HistoryPage({ config }: { config: HistoryConfig }) {
  const { mobile } = useAppSelector(selectSession);
  useLanguage();
  const ids = { from: useId(), to: useId() };
  const [from, setFrom] = useState(todayInput);
  const [to, setTo] = useState(todayInput);
  const [range, setRange] = useState({ from, to });
  const [shown, setShown] = useState(PAGE_SIZE);

  const args = useMemo(() => {
    const [kFrom, kTo] = callSpec(config.call).dates === 'bid' ? ['bid_from', 'bid_to'] : ['date_from', 'date_to'];
    const body: HistoryArgs['body'] = {
      [kFrom]: inputToHistoryDate(range.from),
      [kTo]: inputToHistoryDate(range.to),
    };
    if (config.withMobile && mobile) body.mobile_no = mobile;
    return { call: config.call, body };
  }, [config, range, mobile]);

  const { currentData, isFetching, isError, refetch } = useHistoryListQuery(args, { refetchOnMountOrArgChange: true });

  function submit(e: FormEvent) {
    e.preventDefault();
    setShown(PAGE_SIZE);
    // Dates typed backwards (From after To) are swapped, in the fields too, instead of asking for an empty range.
    const [a, b] = from && to && from > to ? [to, from] : [from, to];
    setFrom(a);
    setTo(b);
    if (a === range.from && b === range.to) void refetch();
    else setRange({ from: a, to: b });
  }

  const list = currentData?.[callSpec(config.call).list ?? ''];
  const rows: Row[] = !isError && isOk(currentData) && Array.isArray(list) ? (list as Row[]) : [];
  const failed = isError || (currentData !== undefined && !isOk(currentData));

  return (
    <section className="wallet-page">
      <h1 className="page-title">{config.title}</h1>
      <form className="card history-range" onSubmit={submit} noValidate>
        <div className="range-fields">
          <div>
            <label htmlFor={ids.from}>{t('history.from', 'From Date')}</label>
            <input
              id={ids.from}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={ids.to}>{t('history.to', 'To Date')}</label>
            <input id={ids.to} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={isFetching}>
          {isFetching ? t('history.submitting', 'Submitting...') : t('history.submit', 'Submit')}
        </button>
      </form>

      {isFetching && currentData === undefined ? (
        <PageLoading />
      ) : failed ? (
        <EmptyState>
          <Msg text={MSG.noDataFound} />
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState>
          <Msg text={config.emptyText ?? MSG.noDataFound} />
        </EmptyState>
      ) : (
        <>
          <ul className="history-list" aria-label={config.title}>
            {rows.slice(0, shown).map((row, i) => (
              <li key={i}>{config.card(row)}</li>
            ))}
          </ul>
          <p className="history-count">
            {t('history.showing', 'Showing {shown} of {total}', {
              shown: Math.min(shown, rows.length),
              total: rows.length,
            })}
          </p>
          {rows.length > shown && (
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => setShown((n) => n + PAGE_SIZE)}
            >
              {t('history.more', 'Load more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
