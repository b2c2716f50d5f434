/**
 * The front ends share React Router and Redux Toolkit through trimmed facades (build/federation/*.mjs)
 * that export only what is used. A name imported from one of those packages, by app code or by a
 * library that imports the shared package by name (RTK Query imports '@reduxjs/toolkit'), but missing
 * from the facade would be undefined at run time in the federated build. This test reads every
 * importer and checks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FEDERATION = path.join(ROOT, 'build/federation');
const RTK = path.dirname(require.resolve('@reduxjs/toolkit/package.json'));

const FACADES: Record<string, string> = {
  'react-router': 'react-router.mjs',
  'react-router-dom': 'react-router.mjs', // react-router-dom.mjs re-exports it
  '@reduxjs/toolkit': 'redux-toolkit.mjs',
  '@reduxjs/toolkit/query': 'rtk-query.mjs',
  '@reduxjs/toolkit/query/react': 'rtk-query-react.mjs',
};

/** Library files bundled behind a facade that import another facaded package by name. */
const LIBRARY_IMPORTERS = [
  path.join(RTK, 'dist/query/rtk-query.modern.mjs'),
  path.join(RTK, 'dist/query/react/rtk-query-react.modern.mjs'),
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function exportedNames(file: string): Set<string> {
  const text = readFileSync(path.join(FEDERATION, file), 'utf8').replace(/\/\/.*$/gm, '');
  const block = text.match(/export\s*\{([^}]*)\}/)![1];
  return new Set(
    block
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** name -> importing files, for value imports of `specifier` (type-only imports do not exist at run time). */
function importsOf(files: string[], specifier: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const quoted = `['"]${specifier.replace(/[/.]/g, '\\$&')}['"]`;
  const re = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+${quoted}`, 'g');
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(re)) {
      if (m[1]) continue;
      for (const part of m[2]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (part.startsWith('type ')) continue;
        const name = part.split(/\s+as\s+/)[0];
        used.set(name, [...(used.get(name) ?? []), path.relative(ROOT, file)]);
      }
    }
  }
  return used;
}

const APP = [
  'shared/src',
  'shell/src',
  'remote-regular/src',
  'remote-starline/src',
  'remote-gali/src',
  'remote-wallet/src',
].flatMap((d) => sources(path.join(ROOT, d)));

describe('the shared-module facades', () => {
  it.each(Object.entries(FACADES))('%s exports every name its importers use', (specifier, file) => {
    const exported = exportedNames(file);
    const used = importsOf([...APP, ...LIBRARY_IMPORTERS], specifier);
    expect([...used].filter(([name]) => !exported.has(name))).toEqual([]);
  });

  it('finds the app and RTK Query using them (the scan itself works)', () => {
    expect(importsOf(APP, 'react-router-dom').get('useNavigate')?.length).toBeGreaterThan(0);
    expect(importsOf(LIBRARY_IMPORTERS, '@reduxjs/toolkit').has('createAsyncThunk')).toBe(true);
    expect(importsOf(APP, 'react-router-dom').has('createBrowserRouter')).toBe(false);
  });
});
