/**
 * How the front ends share code through Module Federation (build/webpack.js builds with it): the singletons
 * the shell provides and every family takes, the building blocks shared by version, the options every
 * federation build gets, and the runtime file the families run on.
 */
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { DefinePlugin } = require('webpack');
const TerserPlugin = require('terser-webpack-plugin');

const sharedPkg = require('../../shared/package.json');

const pkgDir = (name) => path.dirname(require.resolve(`${name}/package.json`));
const versionOf = (name) => require(`${name}/package.json`).version;
const facade = (file, pkg) => ({ file: path.join(__dirname, file), version: versionOf(pkg) });
/** Shared singletons provided by trimmed facades, and the real files the facades re-export from. */
const FACADES = {
  'react-router': facade('react-router.mjs', 'react-router'),
  'react-router-dom': facade('react-router-dom.mjs', 'react-router'),
  '@reduxjs/toolkit': facade('redux-toolkit.mjs', '@reduxjs/toolkit'),
  '@reduxjs/toolkit/query': facade('rtk-query.mjs', '@reduxjs/toolkit'),
  '@reduxjs/toolkit/query/react': facade('rtk-query-react.mjs', '@reduxjs/toolkit'),
};
const FACADE_SOURCES = {
  'react-router-production$': path.join(pkgDir('react-router'), 'dist/production/index.mjs'),
  'redux-toolkit-production$': path.join(pkgDir('@reduxjs/toolkit'), 'dist/redux-toolkit.modern.mjs'),
  'rtk-query-production$': path.join(pkgDir('@reduxjs/toolkit'), 'dist/query/rtk-query.modern.mjs'),
  'rtk-query-react-production$': path.join(pkgDir('@reduxjs/toolkit'), 'dist/query/react/rtk-query-react.modern.mjs'),
};

/**
 * What must exist once per page, provided by the shell and taken from it by every family: React and
 * React DOM, the router, Redux / RTK / React-Redux, the toasts' one container, the core of @matka/shared
 * (the one store with the session and the balance, and what the UI holds once per page: toasts, clock,
 * network state, unsent rows), the RTK Query api and the i18n runtime. Versions come from @matka/shared's own pins.
 */
const SINGLETON_ENTRIES = ['@matka/shared', '@matka/shared/api', '@matka/shared/i18n'];

/**
 * Building blocks a family builds into its own release, shared by version: the UI kit, the bid screen
 * (BidEntry and its slip), the game rules, the contract's index and the HTML sanitizer. Their version is a digest of
 * @matka/shared's source, so every family built from the same source shares one copy (loaded once, from
 * whoever loaded it first), and a family built from changed source brings and runs its own copy while the
 * others keep theirs (`strictVersion`: an exact match or the family's own).
 */
const VERSIONED_ENTRIES = [
  '@matka/shared/ui',
  '@matka/shared/bid',
  '@matka/shared/domain',
  '@matka/shared/contract',
  '@matka/shared/html',
];

/** The version of @matka/shared's building blocks: its package version and a digest of its source. */
function blocksVersion() {
  const root = path.join(__dirname, '..', '..', 'shared');
  const hash = crypto.createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(entry.name))
        hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
    }
  };
  walk(path.join(root, 'src'));
  hash.update(fs.readFileSync(path.join(root, 'package.json')));
  return `${sharedPkg.version}-b${hash.digest('hex').slice(0, 12)}`;
}

/** The singletons; `withBlocks` adds the building blocks shared by version (see VERSIONED_ENTRIES). */
function sharedModules({ withBlocks = true } = {}) {
  const v = (name) =>
    sharedPkg.dependencies[
      name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/')
    ];
  const names = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react-redux', 'react-toastify'];
  const shared = {};
  for (const name of names) shared[name] = { singleton: true, requiredVersion: v(name), strictVersion: false };
  // React Router and Redux Toolkit are singletons too, each provided by a trimmed facade (build/federation/*.mjs):
  // a shared module is never tree-shaken, so sharing the whole packages would double the login page's JS.
  for (const [name, f] of Object.entries(FACADES)) {
    shared[name] = {
      singleton: true,
      import: f.file,
      shareKey: name,
      version: f.version,
      requiredVersion: `^${f.version}`,
    };
  }
  for (const name of SINGLETON_ENTRIES) {
    shared[name] = { singleton: true, version: sharedPkg.version, requiredVersion: `^${sharedPkg.version}` };
  }
  if (withBlocks) {
    const version = blocksVersion();
    for (const name of VERSIONED_ENTRIES) {
      shared[name] = { singleton: false, version, requiredVersion: version, strictVersion: true };
    }
  }
  return shared;
}

/**
 * Options every build gives the federation plugin. `loaded-first`: a share is taken from what the page has
 * already loaded, so starting sharing fetches no family's entry (`version-first` would fetch all four on the
 * login page). `target: 'web'` drops the runtime's Node.js paths, and `disableSnapshot` its reading of
 * manifests from the runtime every page starts with (the family loader's own runtime reads them:
 * FAMILIES_RUNTIME). No type bundles (`dts`): the families' types come through the workspace packages.
 */
const FEDERATION_COMMON = {
  dts: false,
  shareStrategy: 'loaded-first',
  experiments: { optimization: { target: 'web', disableSnapshot: true } },
};

/**
 * The versions of a shared singleton a remote accepts: any of the major version it was built with
 * (`^19.0.0` for 19.3.1; below 1.0 the minor is the major: `^0.4.0`). Another minor or patch in the
 * shell still runs the remote; another major is refused (strictVersion): the remote's code does not
 * run, and the shell shows that section's fallback instead of breaking the page.
 */
function sameMajor(version) {
  const [major, minor] = String(version)
    .replace(/^[^\d]*/, '')
    .split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
}

/** The installed package a shared key comes from ('react-dom/client' -> react-dom). */
const packageOf = (key) =>
  key
    .split('/')
    .slice(0, key.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * A family's sharing: every singleton taken from the shell only (`import: false`: the family ships no copy),
 * within the major version it was built with; the building blocks shared by version, with the family's
 * own copy in its build.
 */
function familySharing(shared) {
  return Object.fromEntries(
    Object.entries(shared).map(([name, cfg]) => {
      if (!cfg.singleton) return [name, cfg];
      const builtWith = cfg.version ?? versionOf(packageOf(name));
      return [name, { ...cfg, import: false, requiredVersion: sameMajor(builtWith), strictVersion: true }];
    }),
  );
}

/**
 * The federation runtime the families run on (`externalRuntime`), as its own file of the shell's: the whole
 * runtime-core, built apart from the shell so that the shell's own trimmed runtime (no remote loading:
 * `disableRemote`) stays the only one on the login page. The family loader fetches it as a script external
 * and it sets the global the families' entries read. Named by the runtime's version: the same runtime, the
 * same file, cached for good.
 */
const FAMILIES_RUNTIME = (() => {
  const entry = require.resolve('@module-federation/runtime-core');
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'));
  const digest = crypto.createHash('sha256').update(`runtime-core@${version}:web`).digest('hex');
  return {
    entry,
    global: '_FEDERATION_RUNTIME_CORE',
    build: '.families-runtime-build',
    file: `federation-runtime.${digest.slice(0, 10)}.js`,
  };
})();

function familiesRuntimeConfig(dir) {
  return {
    name: 'families-runtime',
    mode: 'production',
    target: 'web',
    context: dir,
    entry: { runtime: FAMILIES_RUNTIME.entry },
    devtool: false,
    output: {
      path: path.join(dir, FAMILIES_RUNTIME.build),
      filename: FAMILIES_RUNTIME.file,
      library: { name: FAMILIES_RUNTIME.global, type: 'window' },
      clean: true,
    },
    plugins: [
      // the browser's paths only; a family's entry may be its remoteEntry.js or its mf-manifest.json
      new DefinePlugin({ ENV_TARGET: JSON.stringify('web') }),
    ],
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = {
  FACADE_SOURCES,
  FAMILIES_RUNTIME,
  FEDERATION_COMMON,
  familiesRuntimeConfig,
  familySharing,
  sameMajor,
  sharedModules,
};
