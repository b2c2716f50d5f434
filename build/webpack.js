/**
 * One webpack config factory for the shell (host) and the four remotes, so every family builds the
 * same way: TypeScript through ts-loader, CSS extracted, SWC minifier, Module Federation with the same
 * singletons, and a standalone index.html for every remote.
 */
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
// The design's federation package: its webpack plugin (remoteEntry.js, mf-manifest.json) and its runtime.
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CopyPlugin = require('copy-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');

const {
  FACADE_SOURCES,
  FAMILIES_RUNTIME,
  FEDERATION_COMMON,
  familiesRuntimeConfig,
  familySharing,
  sameMajor,
  sharedModules,
} = require('./federation/sharing');

const DEV_PORTS = { shell: 3000, regular: 3001, starline: 3002, gali: 3003, wallet: 3004, console: 3005 };
const API_DEV_URL = process.env.API_DEV_URL || 'http://127.0.0.1:8080';

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
      return prod
        ? [
            serviceWorkerConfig(dir),
            familiesRuntimeConfig(dir),
            { ...shell, dependencies: ['service-worker', 'families-runtime'] },
          ]
        : shell;
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

function baseConfig({ dir, family, title, prod, kind }) {
  const port = DEV_PORTS[family];
  const name = kind === 'standalone' || kind === 'qa' ? `${family}_${kind}` : family;
  const federation = {
    // No remote is known at build time: the shell registers each family's release at run time
    // (shell/src/federation/remotes.ts), so a family that is down never stops the shell.
    shell: {
      ...FEDERATION_COMMON,
      name: 'shell',
      remotes: {},
      manifest: false,
      shared: sharedModules(),
      // In production the runtime on every page shares the singletons and loads no remote: the families are
      // loaded by the runtime the family loader brings (FAMILIES_RUNTIME), never by the login page's.
      experiments: {
        ...FEDERATION_COMMON.experiments,
        // (in development the loader's runtime is bundled with the shell's, so it keeps manifests and remotes)
        optimization: { ...FEDERATION_COMMON.experiments.optimization, disableRemote: prod, disableSnapshot: prod },
      },
    },
    remote: {
      ...FEDERATION_COMMON,
      name,
      // The global remoteEntry.js defines its container in (named in mf-manifest.json as globalName).
      library: { type: 'var', name: `matka_remote_${family}` },
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.tsx' },
      shared: familySharing(sharedModules()),
      // the runtime comes from the shell's family loader (shell/src/federation/remotes.ts), once for all families
      experiments: { ...FEDERATION_COMMON.experiments, externalRuntime: true },
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
    // In production the family loader's runtime is its own file (FAMILIES_RUNTIME), fetched with the loader.
    ...(kind === 'shell' && prod
      ? {
          externalsType: 'script',
          externals: { 'federation-families-runtime': [`/${FAMILIES_RUNTIME.file}`, FAMILIES_RUNTIME.global] },
        }
      : {}),
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // The facades' sources (React Router's production build: the package exports only its development build).
      alias: {
        ...FACADE_SOURCES,
        // The runtime the families run on, in development: a whole copy bundled with the family loader.
        ...(kind === 'shell' && !prod
          ? { 'federation-families-runtime$': require.resolve('@module-federation/runtime-core') }
          : {}),
      },
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
      new DefinePlugin({
        'process.env.MATKA_BUILD_ID': JSON.stringify(process.env.MATKA_BUILD_ID ?? ''),
        // where the family loader's runtime is, for the preload of a family's first page (none in development)
        'process.env.MATKA_FAMILIES_RUNTIME': JSON.stringify(
          kind === 'shell' && prod ? `/${FAMILIES_RUNTIME.file}` : '',
        ),
      }),
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
    // the family loader's runtime, built first (familiesRuntimeConfig): one of the shell's files, precached too
    new CopyPlugin({ patterns: [{ from: path.join(dir, FAMILIES_RUNTIME.build, FAMILIES_RUNTIME.file), to: '.' }] }),
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
