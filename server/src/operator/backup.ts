/**
 * GET /operator/backup (owner): a consistent copy of the embedded database while the server runs, as a
 * gzipped tar of its data dir (`npm run operator -- backup <file>` saves it; `restore <file>` puts it in
 * an empty data dir). On PostgreSQL the answer says to use pg_dump and WAL archiving (docs/operating.md).
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { Refusal } from '../errors';
import { audit } from '../services/audit';
import { backupFileName } from '../services/backup';
import { route } from './common';

export const MSG_BACKUP_POSTGRES =
  "This server's database is PostgreSQL: back it up with pg_dump (a daily copy) and WAL archiving " +
  '(point-in-time recovery), as docs/operating.md (Backups of PostgreSQL) describes';

export const MSG_BACKUP_BUSY = 'A backup is being taken now. Please try again when it is done.';

export const backupRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  // one copy at a time: the embedded database has one connection, and each copy holds it while it is
  // made (players' bids wait meanwhile); a second request is refused, not queued behind it
  let taking = false;
  route(op, OP.backup, async (_, _req, reply) => {
    const { backup } = ctx.database;
    if (!backup) throw new Refusal(400, MSG_BACKUP_POSTGRES);
    if (taking) throw new Refusal(429, MSG_BACKUP_BUSY);
    taking = true;
    try {
      return await takeBackup(backup, reply);
    } finally {
      taking = false;
    }
  });

  async function takeBackup(backup: () => Promise<Buffer>, reply: FastifyReply) {
    // everything committed before this moment is in the copy (it starts between two transactions after it)
    const at = new Date();
    const started = performance.now();
    const bytes = await backup();
    const ms = Math.round(performance.now() - started);
    await audit(ctx.db, 'backup', null, null, null, { at: at.toISOString(), bytes: bytes.length, ms });
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${backupFileName(at)}"`)
      .header('x-backup-at', at.toISOString())
      .header('cache-control', 'no-store')
      .send(bytes);
  }
};
