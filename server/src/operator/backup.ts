/**
 * GET /operator/backup (owner): a consistent copy of the embedded database while the server runs, as a
 * gzipped tar of its data dir (`npm run operator -- backup <file>` saves it; `restore <file>` puts it in
 * an empty data dir). On PostgreSQL the answer says to use pg_dump and WAL archiving (README, Operating).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { Refusal } from '../errors';
import { audit } from '../services/audit';
import { backupFileName } from '../services/backup';

export const MSG_BACKUP_POSTGRES =
  "This server's database is PostgreSQL: back it up with pg_dump (a daily copy) and WAL archiving " +
  '(point-in-time recovery), as README (Operating, Backups) describes';

export const backupRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  op.get('/backup', async (_req, reply) => {
    const { backup } = ctx.database;
    if (!backup) throw new Refusal(400, MSG_BACKUP_POSTGRES);
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
  });
};
