// The Rspack config of every remote, read from the remote's own package.json: its name gives the
// Module Federation name (mfe-connections → mfe_connections), its "remote" field the page title and
// the development port. A remote brings src/app/App.tsx (its routes); the entry, the standalone page
// and the bridged ./App come from scripts/remote-entry/.
// Usage, from the remote's folder: rspack build -c ../scripts/rspack-remote.mjs
import fs from 'node:fs';
import path from 'node:path';
import { appConfig } from './rspack-app.mjs';

/** The remote's App module, as the entry files import it. */
export const REMOTE_APP_MODULE = 'crm-sync-remote-app';

/** @param {string} dir the remote's folder */
export function remoteConfig(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const { title, devPort } = pkg.remote ?? {};
  if (!title || !devPort)
    throw new Error(`${pkg.name}/package.json needs "remote": { "title": …, "devPort": … }`);
  const entries = path.join(import.meta.dirname, 'remote-entry');
  const configure = appConfig({
    name: pkg.name.replaceAll('-', '_'),
    dir,
    port: Number(process.env[`${pkg.name.toUpperCase().replaceAll('-', '_')}_DEV_PORT`] ?? devPort),
    title: `CRM Sync · ${title}`,
    entry: path.join(entries, 'index.js'),
    exposes: { './App': path.join(entries, 'export-app.js') },
    env: { API_URL: process.env.API_URL ?? 'http://localhost:8080' },
  });
  return (env, argv) => {
    const config = configure(env, argv);
    config.resolve.alias = { [`${REMOTE_APP_MODULE}$`]: path.join(dir, 'src', 'app', 'App.tsx') };
    // the entry files live outside the remote: their imports resolve from the remote's packages
    config.resolve.modules = ['node_modules', path.join(dir, 'node_modules')];
    return config;
  };
}

export default remoteConfig(process.cwd());
