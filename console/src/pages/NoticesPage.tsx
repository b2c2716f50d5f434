import { useState, type FormEvent } from 'react';
import { messageOf, useNoticesQuery, useSendNoticeMutation, type NoticeRow } from '../api';
import { ConfirmDialog, DataTable, QueryView } from '../parts';
import { OPERATOR_REQUESTS } from '@matka/shared/contract/schemas';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/**
 * Owner: a notice to every player (their inbox, the live stream, and web push for those who chose
 * notices), with an optional link; the notices sent, newest first. Sending is audited.
 */
/** What is wrong with a notice's link ('' and a page of the app or an https:// address are right), or null. */
function linkProblemOf(link: string): string | null {
  const checked = OPERATOR_REQUESTS.sendNotice.shape.link.safeParse(link);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'This link cannot be sent');
}

export function NoticesPage() {
  const list = useNoticesQuery();
  const [send, { isLoading }] = useSendNoticeMutation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  // the same notice in Hindi and Marathi (optional): players who chose the language see it
  const [own, setOwn] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  // the link checked as it is typed, by the contract's own rule for it
  const linkProblem = linkProblemOf(link);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    if (!title.trim() || !body.trim()) return setNote({ ok: false, text: 'Write a title and a text first' });
    if (linkProblem) return setNote({ ok: false, text: linkProblem });
    setConfirming(true);
  };
  const [error, setError] = useState<string | undefined>();
  const confirmed = async () => {
    if (isLoading) return;
    setError(undefined);
    const r = await send({ title, body, link, ...own });
    if ('error' in r) return setError(messageOf(r.error));
    setConfirming(false);
    setNote({ ok: true, text: r.data.msg ?? 'Sent' });
    setTitle('');
    setBody('');
    setLink('');
    setOwn({});
  };

  return (
    <section>
      <h1>Notices</h1>
      <div className="card">
        <h2>Send a notice to every player</h2>
        <form className="console-form" onSubmit={submit} noValidate>
          <label htmlFor="notice-title">Title</label>
          <input id="notice-title" value={title} maxLength={80} onChange={(e) => setTitle(e.target.value)} />
          <label htmlFor="notice-body">Text</label>
          <textarea id="notice-body" rows={4} value={body} maxLength={500} onChange={(e) => setBody(e.target.value)} />
          <label htmlFor="notice-link">Link (optional)</label>
          <p className="console-hint" id="notice-link-hint">
            A page of the app, such as /addfund or /star, or an https:// address
          </p>
          <input
            id="notice-link"
            value={link}
            aria-describedby={linkProblem ? 'notice-link-hint notice-link-problem' : 'notice-link-hint'}
            aria-invalid={linkProblem ? true : undefined}
            onChange={(e) => {
              setLink(e.target.value);
              setNote(null);
            }}
          />
          {linkProblem && (
            <p className="console-error" id="notice-link-problem" aria-live="polite">
              {linkProblem}
            </p>
          )}
          {(
            [
              ['hi', 'Hindi'],
              ['mr', 'Marathi'],
            ] as const
          ).map(([lang, name]) => (
            <fieldset key={lang} className="console-fieldset">
              <legend>
                In {name} (optional: players who chose {name} see it; empty: the English)
              </legend>
              <label htmlFor={`notice-title-${lang}`}>Title in {name}</label>
              <input
                id={`notice-title-${lang}`}
                lang={lang}
                value={own[`title_${lang}`] ?? ''}
                maxLength={80}
                onChange={(e) => setOwn((o) => ({ ...o, [`title_${lang}`]: e.target.value }))}
              />
              <label htmlFor={`notice-body-${lang}`}>Text in {name}</label>
              <textarea
                id={`notice-body-${lang}`}
                lang={lang}
                rows={3}
                value={own[`body_${lang}`] ?? ''}
                maxLength={500}
                onChange={(e) => setOwn((o) => ({ ...o, [`body_${lang}`]: e.target.value }))}
              />
            </fieldset>
          ))}
          <div className="console-setting-row">
            <button type="submit" className="btn btn-primary" disabled={isLoading}>
              Send notice
            </button>
            {note && (
              <span className={note.ok ? 'console-saved' : 'console-error'} role={note.ok ? 'status' : 'alert'}>
                {note.text}
              </span>
            )}
          </div>
        </form>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Send this notice?"
          confirmLabel="Send to every player"
          busyLabel="Sending..."
          busy={isLoading}
          error={error}
          onConfirm={() => void confirmed()}
          onCancel={() => {
            setConfirming(false);
            setError(undefined);
          }}
        >
          <p>
            <strong>{title}</strong>
          </p>
          <p>{body}</p>
          <p>Every player sees it in their inbox; it cannot be taken back.</p>
        </ConfirmDialog>
      )}
      <div className="card">
        <QueryView query={list} loadingText="Loading notices...">
          {list.data?.length ? (
            <DataTable<NoticeRow>
              caption="Notices sent, newest first"
              rows={list.data}
              rowKey={(n) => String(n.id)}
              columns={[
                { header: 'When', cell: (n) => when(n.created_at) },
                { header: 'By', cell: (n) => n.sent_by ?? 'token' },
                { header: 'Title', cell: (n) => n.title },
                { header: 'Text', cell: (n) => n.body },
                { header: 'Link', cell: (n) => n.link || '—' },
              ]}
            />
          ) : (
            <p>No notices sent yet.</p>
          )}
        </QueryView>
      </div>
    </section>
  );
}
