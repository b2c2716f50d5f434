/**
 * The front ends share React Router through build/federation/react-router.mjs, which exports only the
 * API the app uses. A name imported from 'react-router(-dom)' in app code but missing there would be
 * undefined at run time in the federated build, so this test reads every source file and checks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FACADE = readFileSync(path.join(ROOT, 'build/federation/react-router.mjs'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function exportedNames(): Set<string> {
  const block = FACADE.match(/export\s*\{([^}]*)\}/)![1];
  return new Set(block.split(',').map((s) => s.trim()).filter(Boolean));
}

function importedValueNames(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const dirs = ['shared/src', 'shell/src', 'remote-regular/src', 'remote-starline/src', 'remote-gali/src', 'remote-wallet/src'];
  for (const file of dirs.flatMap((d) => sources(path.join(ROOT, d)))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g)) {
      if (m[1]) continue;
      for (const part of m[2].split(',').map((s) => s.trim()).filter(Boolean)) {
        if (part.startsWith('type ')) continue;
        const name = part.split(/\s+as\s+/)[0];
        used.set(name, [...(used.get(name) ?? []), path.relative(ROOT, file)]);
      }
    }
  }
  return used;
}

describe('the shared React Router facade', () => {
  it('exports every React Router name the app code imports', () => {
    const exported = exportedNames();
    const missing = [...importedValueNames()].filter(([name]) => !exported.has(name));
    expect(missing).toEqual([]);
  });

  it('is what the app imports through (sanity: the scan finds the router in use)', () => {
    const used = importedValueNames();
    expect(used.get('useNavigate')?.length).toBeGreaterThan(0);
    expect(used.has('createBrowserRouter')).toBe(false);
  });
});
