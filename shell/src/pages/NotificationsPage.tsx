import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@matka/shared/ui';
import { livePath, liveText, type InboxItem } from '@matka/shared/contract';
import { useShellInboxQuery, useShellInboxReadMutation } from '../api';
import { currentLanguage, t, useLanguage } from '@matka/shared/i18n';
import { formatMoment } from '@matka/shared/api';
import { ListState } from '../components/ListState';

// the moment in the language in use (the year left out: the inbox keeps weeks, not years)
const when = (iso: string) => formatMoment(iso);

function Entry({ n }: { n: InboxItem }) {
  useLanguage();
  const { title, body } = liveText(n.event, t, currentLanguage());
  const to = livePath(n.event);
  const outside = /^https:\/\//.test(to);
  return (
    <li className={`card inbox-item${n.read ? '' : ' is-unread'}`}>
      <div className="inbox-head">
        <strong className="inbox-title">
          {!n.read && <span className="inbox-new">{t('inbox.new', 'New')}</span>}
          {title}
        </strong>
        <time dateTime={n.at} className="inbox-time">
          {when(n.at)}
        </time>
      </div>
      <p className="inbox-body">{body}</p>
      {outside ? (
        <a href={to} className="inbox-link" target="_blank" rel="noopener noreferrer">
          {t('inbox.openLink', 'Open link')}
        </a>
      ) : (
        <Link to={to} className="inbox-link">
          {n.kind === 'notice' ? t('inbox.open', 'Open') : t('inbox.view', 'View')}
        </Link>
      )}
    </li>
  );
}

/** One page of the inbox (the newest, or the page older than `before`). */
function InboxPage({ before, onOlder }: { before?: string; onOlder: (id: string) => void }) {
  useLanguage();
  const q = useShellInboxQuery(before);
  const items = q.data?.notifications ?? [];
  const [read] = useShellInboxReadMutation();
  const newest = items[0];
  const unread = q.data?.unread ?? 0;
  // the newest page, once shown, marks everything up to its newest entry read
  useEffect(() => {
    if (!before && newest && unread > 0) void read(newest.id);
  }, [before, newest, unread, read]);
  return (
    <>
      <ListState
        loading={q.isLoading}
        error={q.isError}
        empty={items.length === 0}
        emptyText={
          before
            ? t('inbox.noOlder', 'No older notifications.')
            : t('inbox.empty', 'No notifications yet. Wins, deposits, withdrawals and notices appear here.')
        }
        onRetry={() => void q.refetch()}
      >
        <ul className="row-list inbox-list">
          {items.map((n) => (
            <Entry key={n.id} n={n} />
          ))}
        </ul>
      </ListState>
      {items.length === 50 && (
        <button type="button" className="btn btn-secondary" onClick={() => onOlder(items[items.length - 1].id)}>
          {t('inbox.older', 'Show older')}
        </button>
      )}
    </>
  );
}

/** /notifications: the player's wins, deposits, withdrawals and the operator's notices, newest first. */
export default function NotificationsPage() {
  useLanguage();
  const [pages, setPages] = useState<string[]>([]);
  return (
    <section>
      <PageHeader title={t('menu.notifications', 'Notifications')} />
      <p className="inbox-settings">
        <Link to="/notifysettings">{t('push.title', 'Phone notifications')}</Link>
      </p>
      <InboxPage onOlder={(id) => setPages([id])} />
      {pages.map((before, i) => (
        <InboxPage key={before} before={before} onOlder={(id) => setPages([...pages.slice(0, i + 1), id])} />
      ))}
    </section>
  );
}
