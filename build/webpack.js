/**
 * One webpack config factory for the shell (host) and the four remotes, so every family builds the
 * same way: TypeScript through ts-loader, CSS extracted, SWC minifier, Module Federation with the same
 * singletons, and a standalone index.html for every remote.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedPkg = require('../shared/package.json');

const ROUTER_FACADE = path.join(__dirname, 'federation/react-router.mjs');
const ROUTER_VERSION = require('react-router/package.json').version;
const ROUTER_PRODUCTION = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

const DEV_PORTS = { shell: 3000, regular: 3001, starline: 3002, gali: 3003, wallet: 3004 };
const API_DEV_URL = process.env.API_DEV_URL || 'http://127.0.0.1:8080';

/** Singletons every family shares; versions come from @matka/shared's own pins. */
function sharedModules() {
  const v = (name) => sharedPkg.dependencies[name.startsWith('@reduxjs/toolkit') ? '@reduxjs/toolkit' : name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/')];
  const names = [
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
    'react-redux',
    '@reduxjs/toolkit',
    '@reduxjs/toolkit/query',
    '@reduxjs/toolkit/query/react',
    'react-toastify',
  ];
  const shared = {};
  for (const name of names) shared[name] = { singleton: true, requiredVersion: v(name), strictVersion: false };
  // React Router: one singleton under both names, provided by the trimmed facade (see the file).
  for (const name of ['react-router', 'react-router-dom']) {
    shared[name] = { singleton: true, import: ROUTER_FACADE, shareKey: name, version: ROUTER_VERSION, requiredVersion: `^${ROUTER_VERSION}` };
  }
  shared['@matka/shared'] = { singleton: true, version: sharedPkg.version, requiredVersion: `^${sharedPkg.version}` };
  return shared;
}

/**
 * @param {object} o
 * @param {string} o.dir       package folder
 * @param {'shell'|'regular'|'starline'|'gali'|'wallet'} o.family
 * @param {string} o.title     page title
 */
function createConfig({ dir, family, title }) {
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    const isShell = family === 'shell';
    const port = DEV_PORTS[family];
    const federation = isShell
      ? {
          name: 'shell',
          remotes: {},
          runtimePlugins: [path.join(dir, 'src/federation/errorPlugin.ts')],
        }
      : {
          name: family,
          filename: 'remoteEntry.js',
          exposes: { './routes': './src/routes.tsx' },
        };

    return {
      mode: prod ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        filename: prod ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: family,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // The facade's source: React Router's production build (the package exports only its development build).
        alias: { 'react-router-production$': ROUTER_PRODUCTION },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            exclude: /node_modules/,
            options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json'), compilerOptions: { noEmit: false } },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          shared: sharedModules(),
          manifest: true,
          dts: false,
          experiments: { optimization: { target: 'web' } },
        }),
        new MiniCssExtractPlugin({
          filename: prod ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          chunks: ['main'],
          publicPath: isShell ? '/' : 'auto',
        }),
      ],
      optimization: {
        minimize: prod,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
        proxy: [{ context: ['/api', '/config.json', '/dev', '/charts', '/operator'], target: API_DEV_URL }],
        setupMiddlewares: (middlewares) => {
          if (isShell) {
            middlewares.unshift({
              name: 'remotes-json',
              path: '/remotes.json',
              middleware: (_req, res) => {
                const remotes = {};
                for (const f of ['regular', 'starline', 'gali', 'wallet']) {
                  remotes[f] = `http://127.0.0.1:${DEV_PORTS[f]}/mf-manifest.json`;
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
  };
}

module.exports = { createConfig, DEV_PORTS };
