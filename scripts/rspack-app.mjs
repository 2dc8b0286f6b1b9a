// The one Rspack + Module Federation configuration every app (the shell and the four remotes) builds with.
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const sharedVersion = '0.1.0';
const singleton = (requiredVersion, version) => ({
  singleton: true,
  requiredVersion,
  ...(version ? { version } : {}),
});

/** Loaded once per page: the shell provides them, remotes reuse them. */
export const sharedLibraries = {
  react: singleton('^19.2.0'),
  'react/jsx-runtime': singleton('^19.2.0'),
  'react-dom': singleton('^19.2.0'),
  'react-dom/client': singleton('^19.2.0'),
  'react-router-dom': singleton('^7.9.0'),
  '@tanstack/react-query': singleton('^5.90.0'),
  '@chakra-ui/react': singleton('3.37.0'),
  '@emotion/react': singleton('^11.14.0'),
  'shared/contract': singleton(`^${sharedVersion}`, sharedVersion),
  'shared/client': singleton(`^${sharedVersion}`, sharedVersion),
  'shared/host': singleton(`^${sharedVersion}`, sharedVersion),
  'shared/rules': singleton(`^${sharedVersion}`, sharedVersion),
  'shared/ui': singleton(`^${sharedVersion}`, sharedVersion),
};

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
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
          shared: sharedLibraries,
          manifest: true,
          dts: false,
          bridge: { enableBridgeRouter: false },
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
