// The one Rspack + Module Federation configuration every app (the shell and the four remotes) builds with.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { kitNames, missingNames } from './kits/check-names.mjs';

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

/**
 * A kit (scripts/kits/README.md): the names of a large package the apps use, shared under its own key in
 * place of the whole package; its version is 1.<number of names>.0, so a longer kit is a newer one.
 */
function kit(pkg) {
  const file = path.join(
    import.meta.dirname,
    'kits',
    `${pkg.replace(/^@/, '').replace('/', '-')}.js`,
  );
  const names = kitNames(file);
  const version = `1.${names.length}.0`;
  return {
    pkg,
    file,
    names,
    // Not a singleton: a remote built with a longer kit than the shell's (one more component) is not
    // satisfied by the shell's copy and loads its own, instead of failing on the missing name.
    shared: {
      import: file,
      shareKey: `crm-sync-kit/${pkg}`,
      version,
      requiredVersion: `^${version}`,
      strictVersion: true,
    },
  };
}
const kits = [kit('@chakra-ui/react'), kit('react-router-dom')];

/** Loaded once per page: the shell provides them, remotes reuse them. */
export const sharedLibraries = {
  react: singleton('^19.2.0'),
  'react/jsx-runtime': singleton('^19.2.0'),
  'react-dom': singleton('^19.2.0'),
  'react-dom/client': singleton('^19.2.0'),
  '@tanstack/react-query': singleton('^5.90.0'),
  '@emotion/react': singleton('^11.14.0'),
  // Not our own shared/*: each app bundles the contract, client, rules and UI pieces it was built
  // with, so a remote built against newer shared code runs it beside an older shell (issue 57). Nothing
  // of shared/ is one instance per page: each remote provides its own host context from its props.
  // Chakra UI and React Router: the parts the apps use (scripts/kits/), pinned in each app's package.json
  ...Object.fromEntries(kits.map(({ pkg, shared }) => [pkg, shared])),
};

/**
 * Writes share-scope.json beside the build's mf-manifest.json: which shared libraries are one instance
 * per page (the release command sends it with the manifest's ranges to the api's gate).
 */
class ShareScopePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ShareScopePlugin', (compilation) => {
      compilation.hooks.processAssets.tap('ShareScopePlugin', () => {
        const singletons = Object.entries(sharedLibraries)
          .filter(([, options]) => options.singleton === true)
          .map(([name]) => name);
        compilation.emitAsset(
          'share-scope.json',
          new compiler.webpack.sources.RawSource(JSON.stringify({ singletons })),
        );
      });
    });
  }
}

/**
 * The host contract version of the shared/host this build bundles (shared/src/host/version.ts; the
 * range a remote needs is its caret range, as HOST_CONTRACT_RANGE says).
 */
function hostContractVersion() {
  const source = fs.readFileSync(
    path.join(import.meta.dirname, '..', 'shared', 'src', 'host', 'version.ts'),
    'utf8',
  );
  const version = /HOST_CONTRACT_VERSION = '(\d+\.\d+\.\d+)'/.exec(source)?.[1];
  if (!version) throw new Error('shared/src/host/version.ts names no HOST_CONTRACT_VERSION');
  return version;
}

/**
 * Writes host-contract.json beside the build's mf-manifest.json: the host contract the shell gives,
 * or the range a remote needs (the api's gate compares the two, issue 57).
 */
class HostContractPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('HostContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap('HostContractPlugin', () => {
        const version = hostContractVersion();
        compilation.emitAsset(
          'host-contract.json',
          new compiler.webpack.sources.RawSource(JSON.stringify({ version, range: `^${version}` })),
        );
      });
    });
  }
}

/** Stops the build when the app's code (or shared/, or the remote entry) imports a name its kit does not list. */
function checkKits(dir) {
  const roots = [
    path.join(dir, 'src'),
    path.join(import.meta.dirname, '..', 'shared', 'src'),
    path.join(import.meta.dirname, 'remote-entry'),
  ];
  const missing = kits.flatMap(({ pkg, file, names }) =>
    missingNames(roots, pkg, names).map(
      ({ name, file: where }) =>
        `${pkg}: ${name} (imported by ${path.relative(dir, where)}) is not in ${path.relative(dir, file)}`,
    ),
  );
  if (missing.length > 0)
    throw new Error(
      `Add each name at the end of its kit's list (scripts/kits/README.md):\n${missing.join('\n')}`,
    );
}

/** The ES module entry of a package as the app at `dir` installed it (its package.json's "module" field or "exports" import). */
function esModuleEntry(dir, pkg) {
  const manifestPath = createRequire(path.join(dir, 'package.json')).resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entry = manifest.exports?.['.']?.import?.default ?? manifest.module;
  return path.join(path.dirname(manifestPath), entry);
}

/**
 * @param {{ name: string, dir: string, port: number, title: string, favicon?: string, entry?: string, exposes?: Record<string, string>, env?: Record<string, string> }} app
 * A remote passes `exposes` (see rspack-remote.mjs); the shell passes none and registers remotes at runtime.
 */
export function appConfig({
  name,
  dir,
  port,
  title,
  favicon,
  entry = './src/index.ts',
  exposes,
  env = {},
}) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    checkKits(dir);
    return {
      context: dir,
      entry: { main: entry },
      devtool: production ? false : 'cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // A built remote resolves its chunks from wherever its manifest was served; in development it
        // is served by its dev server (standalone, or loaded by a shell); the shell lives at /.
        publicPath: exposes ? (production ? 'auto' : `http://localhost:${port}/`) : '/',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: '[name].[contenthash:8].css',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        conditionNames: ['crm-sync-source', '...'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.(svg|png)$/, type: 'asset' },
          // a kit's one import of its package, to the package's ES modules: what the kit does not name is left out
          ...kits.map(({ pkg, file }) => ({
            test: file,
            resolve: { alias: { 'crm-sync-kit-source$': esModuleEntry(dir, pkg) } },
          })),
        ],
      },
      plugins: [
        // An app may bring its own index.html; the remotes share the plain one beside this file.
        new rspack.HtmlRspackPlugin({
          template: fs.existsSync(path.join(dir, 'index.html'))
            ? path.join(dir, 'index.html')
            : path.join(import.meta.dirname, 'app-index.html'),
          title,
          ...(favicon ? { favicon: path.join(dir, favicon) } : {}),
        }),
        new rspack.DefinePlugin(
          Object.fromEntries(
            Object.entries(env).map(([key, value]) => [
              `process.env.${key}`,
              JSON.stringify(value),
            ]),
          ),
        ),
        new ShareScopePlugin(),
        new HostContractPlugin(),
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
          shared: sharedLibraries,
          manifest: true,
          dts: false,
          bridge: { enableBridgeRouter: false },
          // The Module Federation runtime once per page: the shell brings it and a built remote uses the
          // shell's (about 34 KiB gzipped less per area). A remote's development server runs it on its own
          // page, so it keeps its own there.
          experiments: exposes ? { externalRuntime: production } : { provideExternalRuntime: true },
        }),
      ],
      optimization: { minimize: production },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
      },
    };
  };
}

/**
 * embed.js (issue 59): a small host of its own that another site's page loads with one script tag. It
 * brings the Module Federation runtime and the shared libraries, then loads one remote from the
 * registry. Written beside the shell's build (dist/embed.js, its chunks in dist/embed/) after it, so
 * the dashboard's own pages load none of it; its chunks resolve from wherever embed.js was loaded.
 */
export function embedConfig({ dir, entry = './src/embed/index.ts' }) {
  const name = 'crm_sync_embed';
  return (env, argv) => {
    const config = appConfig({ name, dir, port: 0, title: '', entry })(env, argv);
    return {
      ...config,
      output: {
        ...config.output,
        publicPath: 'auto',
        filename: 'embed.js',
        chunkFilename: 'embed/[name].[contenthash:8].js',
        cssFilename: 'embed/[name].[contenthash:8].css',
        assetModuleFilename: 'embed/assets/[name].[contenthash:8][ext]',
        // the shell's build, written just before into the same folder, stays
        clean: false,
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          remotes: {},
          shared: sharedLibraries,
          manifest: false,
          dts: false,
          bridge: { enableBridgeRouter: false },
          experiments: { provideExternalRuntime: true },
        }),
      ],
    };
  };
}
