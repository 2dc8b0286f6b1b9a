// The deploy token of the default run: DEPLOY_TOKEN when set, else one generated once into
// <DATA_DIR>/deploy-token, which `npm start` hands to the api and the release command reads.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const tokenFile = (env) => path.join(env.DATA_DIR ?? path.join(repoRoot, '.data'), 'deploy-token');

/** The token, made (readable by its owner only) if the default run has none yet. */
export function ensureDeployToken(env = process.env) {
  if (env.DEPLOY_TOKEN) return env.DEPLOY_TOKEN;
  const file = tokenFile(env);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error; // another start wrote it first: read theirs
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export function readDeployToken(env = process.env) {
  if (env.DEPLOY_TOKEN) return env.DEPLOY_TOKEN;
  const file = tokenFile(env);
  if (!fs.existsSync(file))
    throw new Error(`No DEPLOY_TOKEN and no ${file}: set DEPLOY_TOKEN as the api has it.`);
  return fs.readFileSync(file, 'utf8').trim();
}
