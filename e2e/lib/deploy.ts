/**
 * A deployment of its own for the tests that deploy a family alone: the shell's build and the families'
 * builds, copied for those the test rebuilds (so the repository's builds stay as they are) and linked
 * for the others; a server started with STATIC_ROOT=<root> serves it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './harness';

export const FAMILIES = ['regular', 'starline', 'gali', 'wallet'] as const;
export type Family = (typeof FAMILIES)[number];

/** The shell's build copied, the console's linked, and each family's: copied when listed in `copied`, else linked. */
export function deployment(copied: readonly Family[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'matka-deploy-'));
  mkdirSync(path.join(root, 'shell'));
  cpSync(path.join(ROOT, 'shell', 'dist'), path.join(root, 'shell', 'dist'), { recursive: true });
  // the operator console as built (a test releases families from it)
  mkdirSync(path.join(root, 'console'));
  symlinkSync(path.join(ROOT, 'console', 'dist'), path.join(root, 'console', 'dist'));
  for (const f of FAMILIES) {
    mkdirSync(path.join(root, `remote-${f}`));
    const dist = path.join(ROOT, `remote-${f}`, 'dist');
    if (copied.includes(f)) cpSync(dist, path.join(root, `remote-${f}`, 'dist'), { recursive: true });
    else symlinkSync(dist, path.join(root, `remote-${f}`, 'dist'));
  }
  return root;
}

/**
 * The builds made in this run, by family, config and environment: a build two tests deploy is made
 * once and copied into each deployment. The run's folder comes from the jest config's global setup
 * (lib/builds-setup.js); a file run on its own without it builds into a folder of its own.
 */
const BUILDS = process.env.MATKA_E2E_BUILDS ?? mkdtempSync(path.join(tmpdir(), 'matka-e2e-builds-'));

/**
 * The family's team deploys a new build into the deployment (the shell is neither rebuilt nor
 * restarted): webpack in production mode, its remote only, written over `<root>/remote-<family>/dist`.
 * `config` is another webpack config to build with (default: the family's own).
 */
export function deployFamily(root: string, family: Family, env: Record<string, string>, config?: string): void {
  const webpackConfig = config ?? path.join(ROOT, `remote-${family}`, 'webpack.config.js');
  const key = createHash('sha256')
    .update(JSON.stringify([family, webpackConfig, env]))
    .digest('hex')
    .slice(0, 16);
  const built = path.join(BUILDS, key);
  if (!existsSync(built)) {
    mkdirSync(BUILDS, { recursive: true });
    const out = mkdtempSync(path.join(BUILDS, `${key}-`));
    const build = spawnSync(
      process.execPath,
      [
        require.resolve('webpack-cli/bin/cli.js'),
        '-c',
        webpackConfig,
        '--config-name',
        family,
        '--mode',
        'production',
        '--output-path',
        out,
      ],
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    if (build.status !== 0 || /ERROR/.test(build.stderr + build.stdout))
      throw new Error(`building ${family} failed:\n${build.stderr}\n${build.stdout}`);
    // whole or not at all: another worker may have finished the same build meanwhile
    try {
      renameSync(out, built);
    } catch {
      rmSync(out, { recursive: true, force: true });
    }
  }
  const dist = path.join(root, `remote-${family}`, 'dist');
  rmSync(dist, { recursive: true, force: true });
  cpSync(built, dist, { recursive: true });
}

/**
 * The app comes back to the foreground (the tab was in the background): the shell asks /remotes.json
 * again which release of each loaded family it should run. Resolves once the answer is in, and a moment
 * later, for the prompt to render if it is going to.
 */
export async function backToForeground(page: import('playwright-core').Page): Promise<void> {
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/remotes.json');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await asked;
  await page.waitForTimeout(500);
}
