/**
 * A deployment of its own for the tests that deploy a family alone: the shell's build and the families'
 * builds, copied for those the test rebuilds (so the repository's builds stay as they are) and linked
 * for the others; a server started with STATIC_ROOT=<root> serves it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './harness';

export const FAMILIES = ['regular', 'starline', 'gali', 'wallet'] as const;
export type Family = (typeof FAMILIES)[number];

/** The shell's build copied, and each family's: copied when listed in `copied`, else linked. */
export function deployment(copied: readonly Family[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'matka-deploy-'));
  mkdirSync(path.join(root, 'shell'));
  cpSync(path.join(ROOT, 'shell', 'dist'), path.join(root, 'shell', 'dist'), { recursive: true });
  for (const f of FAMILIES) {
    mkdirSync(path.join(root, `remote-${f}`));
    const dist = path.join(ROOT, `remote-${f}`, 'dist');
    if (copied.includes(f)) cpSync(dist, path.join(root, `remote-${f}`, 'dist'), { recursive: true });
    else symlinkSync(dist, path.join(root, `remote-${f}`, 'dist'));
  }
  return root;
}

/**
 * The family's team deploys a new build into the deployment (the shell is neither rebuilt nor
 * restarted): webpack in production mode, its remote only, written over `<root>/remote-<family>/dist`.
 * `config` is another webpack config to build with (default: the family's own).
 */
export function deployFamily(root: string, family: Family, env: Record<string, string>, config?: string): void {
  const build = spawnSync(
    process.execPath,
    [
      require.resolve('webpack-cli/bin/cli.js'),
      '-c',
      config ?? path.join(ROOT, `remote-${family}`, 'webpack.config.js'),
      '--config-name',
      family,
      '--mode',
      'production',
      '--output-path',
      path.join(root, `remote-${family}`, 'dist'),
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (build.status !== 0 || /ERROR/.test(build.stderr + build.stdout))
    throw new Error(`building ${family} failed:\n${build.stderr}\n${build.stdout}`);
}
