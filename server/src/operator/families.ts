/**
 * /operator/families: each family's releases (where its channel stands, the health of its stable and
 * canary releases), a release (stable, or a canary for a share of players), promote and rollback. The
 * work is services/releases.ts's (audited).
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { actorContext } from '../services/operators';
import type { Remote } from '../config';
import { route } from './common';

export const familiesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { releases } = ctx;
  const statusOf = async (family: Remote) => (await releases.status()).find((s) => s.family === family)!;

  route(op, OP.families, async () => ({ status: true, families: await releases.status() }));

  route(op, OP.releaseFamily, async ({ family, target, canary }) => {
    const by = actorContext.getStore()?.name ?? 'operator';
    const after = await releases.release(family, target, canary, by);
    const msg = after.canary
      ? `${family} ${after.canary} released to ${after.canaryPercent}% of players (stable: ${after.stable})`
      : `${family} ${after.stable} released to every player`;
    return { status: true, msg, family: await statusOf(family) };
  });

  route(op, OP.promoteFamily, async ({ family }) => {
    const after = await releases.promote(family);
    return {
      status: true,
      msg: `${family} ${after.stable} is now the stable release for every player`,
      family: await statusOf(family),
    };
  });

  route(op, OP.rollbackFamily, async ({ family }) => {
    const after = await releases.rollback(family);
    return { status: true, msg: `${family}: every player is back on ${after.stable}`, family: await statusOf(family) };
  });
};
