/**
 * The operator CLI's family commands: where each family's releases stand, a release (to every player,
 * or a canary for a share of them), promote and rollback.
 */
import { OP } from '@matka/shared/contract';
import type { OperatorAnswerOf } from '@matka/shared/contract/schemas';
import { REMOTE_FAMILIES, type RemoteFamily } from '@matka/shared/routes';
import {
  UsageError,
  callRequest,
  need,
  printTable,
  type AnswerOf,
  type CliIO,
  type Options,
  type Request,
} from '../args';

type Status = OperatorAnswerOf<'families'>['families'][number];

const rate = (h: { pageViews: number; perThousand: number | null }) =>
  h.perThousand === null ? 'no pages yet' : `${h.perThousand} errors per 1,000 pages (${h.pageViews} pages)`;

function printStatus(io: CliIO, s: Status) {
  io.out(
    `${s.family}: stable ${s.stable ?? '(the deployed files)'}${s.canary ? `, canary ${s.canary} to ${s.canaryPercent}%` : ''}`,
  );
  io.out(`  stable: ${rate(s.health.stable)}`);
  if (s.health.canary)
    io.out(`  canary: ${rate(s.health.canary)}${s.canaryFlagged ? '  ** well above the stable release **' : ''}`);
  if (s.built && !s.releases.some((r) => r.version === s.built)) io.out(`  built, not released: ${s.built}`);
  if (s.earlier.length) io.out(`  rollback goes to: ${s.earlier.at(-1)}`);
}

const printChanged = (d: AnswerOf<'releaseFamily' | 'promoteFamily' | 'rollbackFamily'>, io: CliIO) => {
  io.out(d.msg);
  printStatus(io, d.family);
};

const isRemoteFamily = (raw: string): raw is RemoteFamily => (REMOTE_FAMILIES as readonly string[]).includes(raw);

function familyArg(raw: string | undefined, what: string): RemoteFamily {
  need(raw, `family ${what} needs <family> (${REMOTE_FAMILIES.join(', ')})`);
  need(isRemoteFamily(raw), `'${raw}' is not a family (${REMOTE_FAMILIES.join(', ')})`);
  return raw;
}

/** family status | release <family> <version|URL> [--canary <percent>] | promote <family> | rollback <family> */
export function family(_cmd: string, rest: string[], o: Options): Request {
  const [sub, ...args] = rest;
  if (sub === 'status') {
    need(args.length === 0, 'family status takes no arguments');
    return {
      call: OP.families,
      print: (d, io) => {
        for (const s of d.families) {
          printStatus(io, s);
          printTable(
            io,
            ['  version', 'released', 'by', 'from'],
            s.releases.map((r) => [
              `  ${r.version}`,
              r.createdAt.slice(0, 16).replace('T', ' '),
              r.createdBy,
              r.url ?? 'this server',
            ]),
          );
        }
      },
    };
  }
  if (sub === 'release') {
    const [f, target, extra] = args;
    const fam = familyArg(f, 'release');
    need(target && !extra, 'family release needs <family> <version or URL>');
    const raw = o.string('canary');
    const canary = raw === undefined ? undefined : Number(raw.replace(/%$/, ''));
    need(
      canary === undefined || (Number.isInteger(canary) && canary >= 1 && canary <= 99),
      '--canary must be a whole percent from 1 to 99',
    );
    return { call: OP.releaseFamily, body: { family: fam, target, canary }, print: printChanged };
  }
  if (sub === 'promote' || sub === 'rollback') {
    const [f, extra] = args;
    const fam = familyArg(f, sub);
    need(!extra, `family ${sub} takes one <family>`);
    return callRequest({
      call: sub === 'promote' ? OP.promoteFamily : OP.rollbackFamily,
      body: { family: fam },
      print: printChanged,
    });
  }
  throw new UsageError(`family needs a command: status, release, promote, rollback${sub ? ` (not '${sub}')` : ''}`);
}
