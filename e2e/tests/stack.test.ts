import fs from 'node:fs';
import os from 'node:os';
import { startStack } from '../src/stack';

/** The processes this one started that are still running (Linux: from /proc). */
function runningChildren(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(parent) === process.pid && state !== 'Z';
      } catch {
        return false; // ended since the folder was read
      }
    })
    .map(Number);
}

const e2eDataFolders = () =>
  fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('crm-sync-e2e-'));

const onLinux = fs.existsSync('/proc/self/stat') ? it : it.skip;

describe('startStack when a part cannot start', () => {
  const workers = process.env.WORKERS;
  afterEach(() => {
    if (workers === undefined) delete process.env.WORKERS;
    else process.env.WORKERS = workers;
  });

  onLinux('says why at once and leaves no server running and no data folder behind', async () => {
    const foldersBefore = e2eDataFolders();
    // a setting the api refuses: it exits at start, after the sandbox and the four remotes are up
    process.env.WORKERS = 'sideways';
    const failure = startStack();
    // the exit is noticed, not waited out until the wait's limit (30 s)
    await expect(failure).rejects.toThrow(/Gave up waiting for the api to start: it exited \(1\)/);
    await expect(failure).rejects.toThrow('WORKERS must be in-process or off, got "sideways"');
    expect(runningChildren()).toEqual([]);
    expect(e2eDataFolders().filter((name) => !foldersBefore.includes(name))).toEqual([]);
  });
});
