/**
 * The operator's notices to every player: stored, audited and pushed as one live event in the
 * same transaction, so the streams, the inboxes and web push all tell it once it has committed.
 */
import type { OperatorAnswerOf } from '@matka/shared/contract/schemas';
import type { Kysely } from 'kysely';
import type { NoticeEvent } from '@matka/shared/contract';
import type { DB } from '../db/types';
import { audit } from './audit';
import type { Clock } from './clock';
import { recordLive } from './live';

export type NoticeRow = OperatorAnswerOf<'notices'>['notices'][number];

export async function sendNotice(
  db: Kysely<DB>,
  clock: Clock,
  n: {
    title: string;
    body: string;
    link: string;
    /** the same in Hindi and Marathi: '' where not given */
    title_hi?: string;
    body_hi?: string;
    title_mr?: string;
    body_mr?: string;
  },
  operator: string | null,
): Promise<NoticeRow> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notices')
      .values({ title: n.title, body: n.body, link: n.link || null, sent_by: operator, created_at: now })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const translations: NonNullable<NoticeEvent['translations']> = {};
    for (const lang of ['hi', 'mr'] as const) {
      const title = n[`title_${lang}`] ?? '';
      const body = n[`body_${lang}`] ?? '';
      if (title || body) translations[lang] = { title, body };
    }
    const event: NoticeEvent = {
      kind: 'notice',
      notice_id: id,
      title: n.title,
      body: n.body,
      link: n.link,
      ...(Object.keys(translations).length ? { translations } : {}),
    };
    await recordLive(trx, null, event, now);
    await audit(trx, 'notices send', `N${id}`, n, null, { id });
    return { id, title: n.title, body: n.body, link: n.link, sent_by: operator, created_at: now.toISOString() };
  });
}

/** The latest notices, newest first. */
export async function latestNotices(db: Kysely<DB>, limit = 100): Promise<NoticeRow[]> {
  const rows = await db.selectFrom('notices').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    body: r.body,
    link: r.link ?? '',
    sent_by: r.sent_by,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** How many notices the operator has sent. */
export async function noticeCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
