/**
 * `npm run operator -- backup <file>` and `restore <file>`: the embedded database's copy taken
 * from the running server (GET /operator/backup), and put back into an empty data dir with the server
 * stopped, then checked (every wallet equal to its ledger) before any server uses it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OP, operatorRequest } from '@matka/shared/contract';
import { openDatabase } from '../db';
import { databaseFacts, type DatabaseFacts } from '../services/backup';

export interface BackupIO {
  out: (s: string) => void;
  err: (s: string) => void;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

/** Asks the running server for a copy and writes it to `file` (never over an existing file). */
export async function saveBackup(base: string, token: string, file: string, io: BackupIO): Promise<number> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) {
    io.err(`Error: ${target} already exists: choose a new file name (a backup never overwrites a file)`);
    return 1;
  }
  if (!fs.existsSync(path.dirname(target))) {
    io.err(`Error: the folder ${path.dirname(target)} does not exist`);
    return 1;
  }
  let res: Response;
  try {
    res = await fetch(base + operatorRequest(OP.backup).url, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10 * 60_000),
    });
  } catch (e) {
    io.err(`Error: cannot reach the server at ${base} (${(e as Error).message}). Is it running (npm start)?`);
    return 1;
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('application/gzip')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    io.err(`Error: ${body?.msg ?? `HTTP ${res.status}`}`);
    return 1;
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  // written beside the target and renamed: a copy cut short never looks like a whole backup
  const partial = `${target}.partial`;
  fs.writeFileSync(partial, bytes, { mode: 0o600 });
  fs.renameSync(partial, target);
  io.out(
    `Backup written to ${target} (${size(bytes.length)}): everything committed before ${res.headers.get('x-backup-at')}`,
  );
  io.out(`Restore it with the server stopped: npm run operator -- restore ${file} (into an empty DATA_DIR)`);
  return 0;
}

/** What a restored copy holds, for a person. */
export function describeFacts(f: DatabaseFacts): string[] {
  return [
    `  accounts ${f.users}, bids ${f.bids}, ledger rows ${f.ledgerRows}, points in wallets ${f.points}`,
    `  newest ledger row ${f.newestLedgerAt ?? '(none)'}, migrations applied ${f.migrations}`,
    `  wallets equal to their ledger: ${f.walletsOffLedger === 0 && f.balancesOffWallet === 0 ? 'all' : `NO (${f.walletsOffLedger} differ from the sum, ${f.balancesOffWallet} from the last balance)`}`,
    ...(f.jobsRunning
      ? [`  settlement jobs left running: ${f.jobsRunning} (the server finishes them when it starts)`]
      : []),
  ];
}

/** Restores `file` into `<dataDir>/pglite`, which must not hold a database, and checks it. */
export async function restoreBackup(file: string, dataDir: string, io: BackupIO): Promise<number> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) {
    io.err(`Error: no backup file at ${source}`);
    return 1;
  }
  const target = path.join(path.resolve(dataDir), 'pglite');
  const existed = fs.existsSync(target);
  if (existed && fs.readdirSync(target).length > 0) {
    io.err(
      `Error: ${target} already holds a database. Stop the server, move that folder aside, and restore ` +
        'again (or set DATA_DIR, or --data-dir, to an empty folder)',
    );
    return 1;
  }
  let facts: DatabaseFacts;
  try {
    const database = await openDatabase({ dataDir: target, restoreFrom: source });
    try {
      facts = await databaseFacts(database.db);
    } finally {
      await database.close();
    }
  } catch (e) {
    // nothing half-restored is left where a server would start on it
    if (existed)
      for (const f of fs.readdirSync(target)) fs.rmSync(path.join(target, f), { recursive: true, force: true });
    else fs.rmSync(target, { recursive: true, force: true });
    io.err(`Error: ${source} is not a backup made by 'npm run operator -- backup' (${(e as Error).message})`);
    return 1;
  }
  if (facts.walletsOffLedger || facts.balancesOffWallet) {
    io.err(`Error: the restored copy in ${target} does not add up; do not start a server on it:`);
    for (const l of describeFacts(facts)) io.err(l);
    return 1;
  }
  io.out(`Restored ${source} into ${target}:`);
  for (const l of describeFacts(facts)) io.out(l);
  io.out(`Start the server with DATA_DIR=${path.resolve(dataDir)}`);
  return 0;
}

/**
 * Reads what a database holds and whether every wallet equals its ledger: a restored PostgreSQL
 * (DATABASE_URL, read only), or a PGlite data dir with its server stopped.
 */
export async function verifyDatabase(where: { databaseUrl?: string; dataDir: string }, io: BackupIO): Promise<number> {
  const pglite = path.join(where.dataDir, 'pglite');
  if (!where.databaseUrl && !fs.existsSync(path.join(pglite, 'PG_VERSION'))) {
    io.err(`Error: no database at ${pglite}: set DATABASE_URL, or DATA_DIR (--data-dir) to a server's data dir`);
    return 1;
  }
  const label = where.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : pglite;
  let facts: DatabaseFacts;
  try {
    const database = await openDatabase(
      where.databaseUrl ? { databaseUrl: where.databaseUrl, poolSize: 1 } : { dataDir: pglite },
    );
    try {
      facts = await databaseFacts(database.db);
    } finally {
      await database.close();
    }
  } catch (e) {
    io.err(`Error: cannot read ${label} (${(e as Error).message})`);
    return 1;
  }
  const ok = !facts.walletsOffLedger && !facts.balancesOffWallet;
  (ok ? io.out : io.err)(ok ? `${label}:` : `Error: ${label} does not add up:`);
  for (const l of describeFacts(facts)) (ok ? io.out : io.err)(l);
  return ok ? 0 : 1;
}
