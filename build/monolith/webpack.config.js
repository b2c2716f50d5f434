/**
 * bench:monolith's build: the same shell and the same four families' screens as ONE app, without Module
 * Federation — the shell's webpack config with the federation plugin taken out and the remote loader
 * replaced by dynamic imports of the remotes' routes (build/monolith/remotes.ts). Written to
 * .bench/monolith/shell/dist; never deployed. It is the yardstick the federated build's bytes are
 * compared with (e2e/bench/bundle.ts --monolith).
 */
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const shellConfig = require('../../shell/webpack.config.js');

const ROOT = path.join(__dirname, '..', '..');

module.exports = (env, argv) => {
  const built = shellConfig(env, argv);
  // In production the shell's config comes with its service worker's (built first, into shell/.sw-build).
  const configs = Array.isArray(built) ? built : [built];
  const config = configs.find((c) => c.name === 'shell');
  const others = configs.filter((c) => c !== config);
  const { externals: _externals, externalsType: _externalsType, ...plain } = config;
  const monolith = {
    ...plain,
    // webpack's own chunking: the monolith is the yardstick, not tuned by the federated build's groups.
    optimization: { ...config.optimization, splitChunks: undefined },
    name: 'monolith',
    resolve: {
      ...config.resolve,
      alias: {
        ...config.resolve.alias,
        ...Object.fromEntries(
          ['regular', 'starline', 'gali', 'wallet'].map((f) => [
            `@monolith/${f}$`,
            path.join(ROOT, `remote-${f}`, 'src', 'routes.tsx'),
          ]),
        ),
      },
    },
    output: { ...config.output, path: path.join(ROOT, '.bench', 'monolith', 'shell', 'dist'), uniqueName: 'monolith' },
    plugins: [
      // no federation: no federation plugin, no families' runtime file to preload
      ...config.plugins.filter((p) => !(p instanceof ModuleFederationPlugin) && !(p instanceof webpack.DefinePlugin)),
      new webpack.DefinePlugin({
        'process.env.MATKA_BUILD_ID': JSON.stringify(''),
        'process.env.MATKA_FAMILIES_RUNTIME': JSON.stringify(''),
      }),
      new webpack.NormalModuleReplacementPlugin(
        /[\\/]shell[\\/]src[\\/]federation[\\/]remotes(\.ts)?$/,
        path.join(__dirname, 'remotes.ts'),
      ),
      new webpack.NormalModuleReplacementPlugin(
        /[\\/]shell[\\/]src[\\/]federation[\\/]provided(\.ts)?$/,
        path.join(__dirname, 'provided.ts'),
      ),
    ],
  };
  return [...others, { ...monolith, dependencies: config.dependencies }];
};
