/**
 * One webpack config factory for the shell (host) and the four remotes, so every family builds the
 * same way: TypeScript through ts-loader, CSS extracted, SWC minifier, Module Federation with the same
 * singletons, and a standalone index.html for every remote.
 */
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
// The design's federation package: its webpack plugin (remoteEntry.js, mf-manifest.json) and its runtime.
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CopyPlugin = require('copy-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');

const sharedPkg = require('../shared/package.json');

const pkgDir = (name) => path.dirname(require.resolve(`${name}/package.json`));
const versionOf = (name) => require(`${name}/package.json`).version;
const facade = (file, pkg) => ({ file: path.join(__dirname, 'federation', file), version: versionOf(pkg) });
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

const DEV_PORTS = { shell: 3000, regular: 3001, starline: 3002, gali: 3003, wallet: 3004, console: 3005 };
const API_DEV_URL = process.env.API_DEV_URL || 'http://127.0.0.1:8080';

/**
 * What must exist once per page, provided by the shell and taken from it by every family: React and
 * React DOM, the router, Redux / RTK / React-Redux, the toasts' one container, the core of @matka/shared
 * (the one store with the session and the balance, the UI blocks the shell draws around a family), the
 * RTK Query api and the i18n runtime. Versions come from @matka/shared's own pins.
 */
const SINGLETON_ENTRIES = ['@matka/shared', '@matka/shared/api', '@matka/shared/i18n'];

/**
 * Building blocks a family builds into its own release, shared by version: the bid screen (BidEntry and its
 * slip), the game rules, the contract's index and the HTML sanitizer. Their version is a digest of
 * @matka/shared's source, so every family built from the same source shares one copy (loaded once, from
 * whoever loaded it first), and a family built from changed source brings and runs its own copy while the
 * others keep theirs (`strictVersion`: an exact match or the family's own).
 */
const VERSIONED_ENTRIES = ['@matka/shared/bid', '@matka/shared/domain', '@matka/shared/contract', '@matka/shared/html'];

/** The version of @matka/shared's building blocks: its package version and a digest of its source. */
function blocksVersion() {
  const root = path.join(__dirname, '..', 'shared');
  const hash = crypto.createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(entry.name)) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
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
 * manifests (the shell loads each family's remoteEntry.js as /remotes.json names it; the families still
 * publish mf-manifest.json for tools): about 5 KB gzip off every page. No type bundles (`dts`): the families'
 * types come through the workspace packages.
 */
const FEDERATION_COMMON = {
  dts: false,
  shareStrategy: 'loaded-first',
  experiments: { optimization: { target: 'web', disableSnapshot: true } },
};

/**
 * The shell builds one host. A remote builds two artifacts into its dist/:
 * - the federated remote (remoteEntry.js, mf-manifest.json, the exposed './routes'): it takes every
 *   singleton from the host (`import: false`: it ships no copy of one), and carries its pages and its own
 *   copy of the building blocks (the bid screen, the game rules), used when no copy of the same version is
 *   on the page already;
 * - the standalone page (index.html + main.js): a small host of its own with every shared module
 *   bundled, so QA can run one family without the shell (served at /remotes/<family>/).
 *
 * @param {object} o
 * @param {string} o.dir       package folder
 * @param {'shell'|'regular'|'starline'|'gali'|'wallet'} o.family
 * @param {string} o.title     page title
 */
function createConfig({ dir, family, title }) {
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    if (family === 'console') return baseConfig({ dir, family, title, prod, kind: 'console' });
    if (family === 'shell') {
      const shell = baseConfig({ dir, family, title, prod, kind: 'shell' });
      return prod ? [serviceWorkerConfig(dir), { ...shell, dependencies: ['service-worker'] }] : shell;
    }
    // `npm run qa`: the standalone page on the contract's mocks, in dist-qa (never in dist)
    if (_env && _env.qa) return baseConfig({ dir, family, title: `${title} · QA on mocks`, prod, kind: 'qa' });
    return [
      baseConfig({ dir, family, title, prod, kind: 'remote' }),
      baseConfig({ dir, family, title, prod, kind: 'standalone' }),
    ];
  };
}

/**
 * React, React DOM, React Redux and Redux Toolkit's core (with redux, thunk, immer, reselect), and the
 * languages' entry (@matka/shared/i18n, without Lingui itself), which every first screen runs, travel in one file instead of one per shared module: one request and one
 * gzip stream (the login page: 117 KB in 7 files instead of 120 KB in 14). Each stays its own shared
 * singleton in the share scope. React Router keeps its own chunk: merged, its facade lost its
 * tree-shaking (13 KB grew to the whole package).
 */
const FIRST_SCREEN_CHUNK = {
  name: 'first-screen',
  chunks: 'async',
  enforce: true,
  priority: 20,
  test: (module) =>
    /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|use-sync-external-store|redux|redux-thunk|immer|reselect)[\\/]|[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit\.modern\.mjs$|[\\/]build[\\/]federation[\\/]redux-toolkit\.mjs$|[\\/]shared[\\/]src[\\/]i18n[\\/]index\.tsx$/.test(
      module.resource || '',
    ),
};

/** React Router (its facades' source, tree-shaken to what the facades export), named so the page preloads it. */
const ROUTER_CHUNK = {
  name: 'router',
  chunks: 'async',
  enforce: true,
  priority: 15,
  test: (module) => /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(module.resource || ''),
};

/** RTK Query, its React hooks and the app's api (@matka/shared/api), which every logged-in screen loads together: one file too. */
const RTK_QUERY_CHUNK = {
  name: 'rtk-query',
  chunks: 'async',
  enforce: true,
  priority: 10,
  test: (module) =>
    /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/]query|@standard-schema)[\\/]|[\\/]build[\\/]federation[\\/]rtk-query(-react)?\.mjs$|[\\/]shared[\\/]src[\\/]api[\\/](index|api|betting)\.ts$/.test(
      module.resource || '',
    ),
};

/**
 * `<link rel="preload">` for the chunks every start of the app needs, so the browser fetches them
 * alongside main.js instead of after it has run (main.js only then asks for them). A name is a chunk
 * (a cache group) or a named chunk group (all its chunks and CSS).
 */
/**
 * The chunks plus those their shared modules load (a singleton's own code, e.g. @matka/shared or the
 * router's facade), which webpack otherwise asks for only once the chunks have run. The shell provides
 * each singleton, so a module comes from the provider's chunk, not from the consumer's fallback.
 */
function withSharedModules(compilation, chunks) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ProvideSharedModule') providers.set(module._name, module);
  }
  const all = new Set(chunks);
  for (const chunk of chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.constructor.name !== 'ConsumeSharedModule') continue;
      const source = providers.get(module.options.shareKey) ?? module;
      for (const block of source.blocks) chunkGraph.getBlockChunkGroup(block)?.chunks.forEach((c) => all.add(c));
    }
  }
  return [...all];
}

/**
 * Writes release.json beside a remote's remoteEntry.js: the family and the build's version, which the
 * server keeps its releases under (server/src/services/releases.ts). The version is MATKA_BUILD_ID when
 * it is a plain id, else the start of remoteEntry.js's SHA-256 (the entry names every hashed chunk, so
 * two builds that differ have different versions).
 */
class ReleaseFilePlugin {
  constructor(family) {
    this.family = family;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ReleaseFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ReleaseFilePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const entry = assets['remoteEntry.js'];
          if (!entry) return;
          const id = process.env.MATKA_BUILD_ID ?? '';
          const version = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id)
            ? id
            : require('node:crypto').createHash('sha256').update(entry.source()).digest('hex').slice(0, 12);
          const body = `${JSON.stringify({ family: this.family, version })}\n`;
          compilation.emitAsset('release.json', new sources.RawSource(body));
        },
      );
    });
  }
}

class PreloadChunksPlugin {
  constructor(names) {
    this.names = names;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadChunksPlugin', (data) => {
        const publicPath = typeof data.publicPath === 'string' ? data.publicPath : '/';
        const links = [];
        const seen = new Set();
        for (const name of this.names) {
          // A named chunk group (an import() with a webpackChunkName) brings all its chunks and its CSS.
          const group = compilation.namedChunkGroups.get(name);
          const chunks = group
            ? withSharedModules(compilation, group.chunks)
            : [...compilation.chunks].filter((c) => c.name === name);
          for (const file of chunks.flatMap((c) => [...c.files])) {
            const as = file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'style' : null;
            if (!as || seen.has(file)) continue;
            seen.add(file);
            links.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as, href: publicPath + file }));
          }
        }
        data.headTags.unshift(...links);
        return data;
      });
    });
  }
}

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

function baseConfig({ dir, family, title, prod, kind }) {
  const port = DEV_PORTS[family];
  const name = kind === 'standalone' || kind === 'qa' ? `${family}_${kind}` : family;
  const federation = {
    // No remote is known at build time: the shell registers each family's release at run time
    // (shell/src/federation/remotes.ts), so a family that is down never stops the shell.
    shell: { ...FEDERATION_COMMON, name: 'shell', remotes: {}, manifest: false, shared: sharedModules() },
    remote: {
      ...FEDERATION_COMMON,
      name,
      // The global remoteEntry.js defines its container in (named in mf-manifest.json as globalName).
      library: { type: 'var', name: `matka_remote_${family}` },
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.tsx' },
      shared: familySharing(sharedModules()),
    },
    standalone: { ...FEDERATION_COMMON, name, manifest: false, shared: sharedModules() },
    qa: { ...FEDERATION_COMMON, name, manifest: false, shared: sharedModules() },
    // The operator console is one plain app: not federated, it shares nothing with the player's pages.
    console: null,
  }[kind];
  const page = kind !== 'remote';

  return {
    name,
    dependencies: kind === 'standalone' ? [family] : undefined,
    mode: prod ? 'production' : 'development',
    context: dir,
    entry: page ? { main: kind === 'qa' ? './src/qa.ts' : './src/index.ts' } : {},
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, kind === 'qa' ? 'dist-qa' : 'dist'),
      publicPath: { console: '/console/', qa: '/' }[kind] ?? 'auto',
      filename: prod ? '[name].[contenthash:10].js' : '[name].js',
      // Hashed in development too: two shared modules can share a chunk name there.
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: name,
      // The standalone build writes beside the remote's files, after it (see `dependencies`).
      clean: kind !== 'standalone',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // The facades' sources (React Router's production build: the package exports only its development build).
      alias: FACADE_SOURCES,
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          options: {
            transpileOnly: true,
            configFile: path.join(dir, 'tsconfig.json'),
            compilerOptions: { noEmit: false },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      // A label of this build (e.g. a release or commit), shown on a remote's pages as data-build.
      new DefinePlugin({ 'process.env.MATKA_BUILD_ID': JSON.stringify(process.env.MATKA_BUILD_ID ?? '') }),
      ...(federation ? [new ModuleFederationPlugin(federation)] : []),
      new MiniCssExtractPlugin({
        filename: prod ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
      }),
      ...(page
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              title,
              chunks: ['main'],
              publicPath: { shell: '/', console: '/console/', qa: '/' }[kind] ?? 'auto',
              pwa: kind === 'shell',
              splash: kind === 'shell',
              description:
                kind === 'console'
                  ? 'The back office of Matka Play: markets, results, deposits, withdrawals and operators.'
                  : 'Play matka online: markets, Starline and Gali Disawar, with a points wallet.',
              noindex: kind === 'console',
            }),
          ]
        : []),
      ...(kind === 'remote' ? [new ReleaseFilePlugin(family)] : []),
      // Mock Service Worker's worker script, served at the QA page's root
      ...(kind === 'qa'
        ? [new CopyPlugin({ patterns: [{ from: require.resolve('msw/mockServiceWorker.js'), to: '.' }] })]
        : []),
      ...(kind === 'shell' ? pwaPlugins(dir, prod) : []),
      ...(kind === 'shell' && prod ? [new PreloadChunksPlugin(['main', 'first-screen', 'router', 'bootstrap'])] : []),
    ],
    optimization: {
      minimize: prod,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      ...(kind === 'shell' && prod
        ? {
            splitChunks: {
              cacheGroups: {
                firstScreen: FIRST_SCREEN_CHUNK,
                router: ROUTER_CHUNK,
                rtkQuery: RTK_QUERY_CHUNK,
              },
            },
          }
        : {}),
    },
    performance: { hints: false },
    // One dev server per package: the standalone page is served by the remote's own server.
    devServer:
      kind === 'standalone'
        ? undefined
        : {
            port,
            host: '127.0.0.1',
            historyApiFallback: kind === 'console' ? { index: '/console/index.html' } : true,
            hot: false,
            headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
            proxy: [{ context: ['/api', '/config.json', '/dev', '/charts', '/operator'], target: API_DEV_URL }],
            setupMiddlewares: (middlewares) => {
              if (kind === 'shell') {
                middlewares.unshift({
                  name: 'remotes-json',
                  path: '/remotes.json',
                  middleware: (_req, res) => {
                    const remotes = {};
                    for (const f of ['regular', 'starline', 'gali', 'wallet']) {
                      remotes[f] = `http://127.0.0.1:${DEV_PORTS[f]}/remoteEntry.js`;
                    }
                    res.setHeader('Content-Type', 'application/json');
                    res.end(JSON.stringify(remotes));
                  },
                });
              }
              return middlewares;
            },
          },
    stats: 'errors-warnings',
  };
}

const SW_BUILD = '.sw-build';

/** The service worker, compiled on its own (no federation) before the shell lists its files into it. */
function serviceWorkerConfig(dir) {
  return {
    name: 'service-worker',
    mode: 'production',
    target: 'webworker',
    context: dir,
    entry: { sw: './src/sw/sw.ts' },
    devtool: false,
    output: { path: path.join(dir, SW_BUILD), filename: '[name].js', clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          options: {
            transpileOnly: true,
            configFile: path.join(dir, 'tsconfig.sw.json'),
            compilerOptions: { noEmit: false },
          },
        },
      ],
    },
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * The shell is the installable app: its web app manifest and icons (public/), and in production the
 * service worker (src/sw/sw.ts) with the shell's files to precache. The remotes' chunks are cached by
 * the worker as they load (each remote deploys on its own, so the shell's build cannot list them).
 */
function pwaPlugins(dir, prod) {
  const copy = new CopyPlugin({ patterns: [{ from: path.join(dir, 'public'), to: '.' }] });
  if (!prod) return [copy];
  return [
    copy,
    new InjectManifest({
      // Compiled by serviceWorkerConfig first: a child compilation would inherit the federation plugin.
      swSrc: path.join(dir, SW_BUILD, 'sw.js'),
      compileSrc: false,
      swDest: 'sw.js',
      // The page itself comes from the server (it inlines the runtime config): the worker keeps the
      // last one it was sent. Source maps and licence notes are not the app.
      exclude: [/\.map$/, /^index\.html$/, /LICENSE/i, /^mf-(manifest|stats)\.json$/],
      // Hashed names are their own revision.
      dontCacheBustURLsMatching: /[.-][0-9a-f]{10}\.(js|css)$/,
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    }),
  ];
}

module.exports = { createConfig, sharedModules, sameMajor, DEV_PORTS };
