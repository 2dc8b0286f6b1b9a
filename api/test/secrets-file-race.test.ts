import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { builtApi, spawnCommand } from './helpers/spawned.js';
import { makeTempDir } from './helpers/test-app.js';

/**
 * Processes that share a DATA_DIR (an api and workers on one machine) started together on a new
 * folder: the first one to write secrets.json wins and the others take its secrets, so none runs
 * with an encryption key that the file (and every later start) does not hold.
 */
describe('secrets.json made by processes started together', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds the secrets every one of them uses', async () => {
    const secrets = pathToFileURL(builtApi('secrets.js')).href;
    const code = `import { loadSecrets } from ${JSON.stringify(secrets)}; console.log(loadSecrets(process.argv[1]).encryptionKey);`;
    const processes = Array.from({ length: 4 }, () =>
      spawnCommand(process.execPath, ['--input-type=module', '-e', code, dir], {}),
    );
    const exits = await Promise.all(processes.map((proc) => proc.exited));
    expect(exits).toEqual(processes.map(() => ({ code: 0, signal: null })));
    const keys = processes.map((proc) => proc.output().trim());
    const { readStoredSecrets } = await import('../src/secrets.js');
    expect(keys).toEqual(processes.map(() => readStoredSecrets(dir).encryptionKey));
  }, 60_000);
});
