import { useState, type FormEvent } from 'react';
import { messageOf } from '../api';
import {
  useFamiliesQuery,
  usePromoteFamilyMutation,
  useReleaseFamilyMutation,
  useRollbackFamilyMutation,
  type FamilyStatus,
} from '../familiesApi';
import { ConfirmDialog, DataTable, QueryView } from '../parts';

const NAMES: Record<FamilyStatus['family'], string> = {
  regular: 'Regular markets',
  starline: 'Starline',
  gali: 'Gali Disawar',
  wallet: 'Wallet and histories',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

type Health = FamilyStatus['health']['stable'];
const rate = (h: Health) => (h.perThousand === null ? '—' : h.perThousand.toLocaleString('en-IN'));

type Pending =
  | { kind: 'release'; family: FamilyStatus['family']; target: string; canary?: number }
  | { kind: 'promote' | 'rollback'; family: FamilyStatus['family'] };

/** What an action will do, said before it is confirmed. */
function consequence(p: Pending, s: FamilyStatus): string {
  if (p.kind === 'release')
    return p.canary
      ? `${p.target} goes to ${p.canary}% of players (the same players on every load); the rest stay on ${s.stable}.`
      : `${p.target} goes to every player; open tabs are offered the update.`;
  if (p.kind === 'promote') return `${s.canary} becomes the stable release for every player.`;
  return s.canary
    ? `The canary ${s.canary} ends: every player goes back to ${s.stable}; open tabs on the canary are offered the update.`
    : `Every player goes back to ${s.earlier.at(-1)}; open tabs are offered the update.`;
}

function FamilyCard({ s, onAction }: { s: FamilyStatus; onAction: (p: Pending) => void }) {
  const [target, setTarget] = useState('');
  const [canary, setCanary] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const id = `family-${s.family}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(undefined);
    const t = target.trim() || s.built || '';
    if (!t) return setProblem('Write the version or the URL of the build to release');
    const share = canary.trim() === '' ? undefined : Number(canary.trim().replace(/%$/, ''));
    if (share !== undefined && !(Number.isInteger(share) && share >= 1 && share <= 99))
      return setProblem('The canary share must be a whole percent from 1 to 99 (empty: every player)');
    onAction({ kind: 'release', family: s.family, target: t, canary: share });
  };
  const rows = [
    { label: `Stable ${s.stable ?? ''}`, h: s.health.stable },
    ...(s.health.canary ? [{ label: `Canary ${s.canary} (${s.canaryPercent}%)`, h: s.health.canary }] : []),
  ];
  return (
    <div className="card" aria-labelledby={`${id}-title`} role="region">
      <h2 id={`${id}-title`}>{NAMES[s.family]}</h2>
      <p>
        Stable release: <strong>{s.stable ?? 'the deployed files'}</strong>
        {s.canary ? (
          <>
            {' '}
            · Canary: <strong>{s.canary}</strong> to {s.canaryPercent}% of players
          </>
        ) : (
          ' · No canary'
        )}
      </p>
      {s.canaryFlagged && (
        <p className="console-error" role="alert">
          The canary fails for well more of its players than the stable release does: roll it back.
        </p>
      )}
      <DataTable
        caption={`How ${NAMES[s.family]} fares on players' phones`}
        rows={rows}
        rowKey={(r) => r.label}
        columns={[
          { header: 'Release', cell: (r) => r.label },
          { header: 'Pages shown', cell: (r) => r.h.pageViews.toLocaleString('en-IN') },
          { header: 'Failed loads', cell: (r) => r.h.loadFailures.toLocaleString('en-IN') },
          { header: 'Errors', cell: (r) => r.h.errors.toLocaleString('en-IN') },
          { header: 'Per 1,000 pages', cell: (r) => rate(r.h) },
          { header: 'Players', cell: (r) => r.h.players.toLocaleString('en-IN') },
          { header: 'Players who saw it fail', cell: (r) => r.h.failingPlayers.toLocaleString('en-IN') },
        ]}
      />
      <form className="console-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-target`}>Version or URL to release</label>
        <p className="console-hint" id={`${id}-target-hint`}>
          {s.built ? `Built here: ${s.built}. ` : ''}Or the URL of a remoteEntry.js hosted elsewhere.
        </p>
        <input
          id={`${id}-target`}
          value={target}
          placeholder={s.built ?? ''}
          aria-describedby={`${id}-target-hint`}
          onChange={(e) => setTarget(e.target.value)}
        />
        <label htmlFor={`${id}-canary`}>Canary share in % (empty: every player)</label>
        <input id={`${id}-canary`} inputMode="numeric" value={canary} onChange={(e) => setCanary(e.target.value)} />
        <div className="console-setting-row">
          <button type="submit" className="btn btn-primary">
            Release
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!s.canary}
            onClick={() => onAction({ kind: 'promote', family: s.family })}
          >
            Promote canary
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={!s.canary && !s.earlier.length}
            onClick={() => onAction({ kind: 'rollback', family: s.family })}
          >
            Roll back
          </button>
        </div>
        {problem && (
          <p className="console-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <DataTable
        caption="Releases, newest first"
        rows={s.releases}
        rowKey={(r) => r.version}
        columns={[
          { header: 'Version', cell: (r) => r.version },
          { header: 'Released', cell: (r) => when(r.createdAt) },
          { header: 'By', cell: (r) => r.createdBy },
          { header: 'From', cell: (r) => r.url ?? 'this server' },
        ]}
      />
    </div>
  );
}

/**
 * Owner: each family's releases. A build goes to every player or, as a canary, to a share of them (the
 * same players on every load); its errors per 1,000 pages beside the stable release's; promote or roll
 * back. Every action is audited.
 */
export function FamiliesPage() {
  const list = useFamiliesQuery(undefined, { pollingInterval: 30_000 });
  const [release, r1] = useReleaseFamilyMutation();
  const [promote, r2] = usePromoteFamilyMutation();
  const [rollback, r3] = useRollbackFamilyMutation();
  const busy = r1.isLoading || r2.isLoading || r3.isLoading;
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const status = pending && list.data?.find((s) => s.family === pending.family);

  const confirm = async () => {
    if (!pending || busy) return;
    setError(undefined);
    const r =
      pending.kind === 'release'
        ? await release({ family: pending.family, target: pending.target, canary: pending.canary })
        : await (pending.kind === 'promote' ? promote : rollback)({ family: pending.family });
    if ('error' in r) return setError(messageOf(r.error));
    setPending(null);
    setDone(r.data.msg);
  };

  return (
    <section>
      <h1>Families</h1>
      <p>
        Each family of the player app ships alone. A new build reaches players only once it is released here (or with{' '}
        <code>npm run operator -- family release</code>).
      </p>
      {done && (
        <p className="console-saved" role="status">
          {done}
        </p>
      )}
      <QueryView query={list} loadingText="Loading families...">
        {list.data?.length ? (
          list.data.map((s) => (
            <FamilyCard
              key={s.family}
              s={s}
              onAction={(p) => {
                setDone(undefined);
                setPending(p);
              }}
            />
          ))
        ) : (
          <p>No family is built yet (npm run build).</p>
        )}
      </QueryView>
      {pending && status && (
        <ConfirmDialog
          title={
            pending.kind === 'release'
              ? `Release ${NAMES[pending.family]} ${pending.target}?`
              : pending.kind === 'promote'
                ? `Promote ${NAMES[pending.family]}'s canary?`
                : `Roll back ${NAMES[pending.family]}?`
          }
          confirmLabel={pending.kind === 'release' ? 'Release' : pending.kind === 'promote' ? 'Promote' : 'Roll back'}
          busyLabel="Saving..."
          busy={busy}
          danger={pending.kind === 'rollback'}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
            setError(undefined);
          }}
        >
          <p>{consequence(pending, status)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
