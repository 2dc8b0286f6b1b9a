// Fingerprints of what an install or a build read, so a second `npm start` (or `npm test`) on the
// same checkout skips the install and the builds when nothing they depend on changed.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const skippedDirs = new Set([
  'node_modules',
  'dist',
  '.data',
  'coverage',
  '.git',
  '.tools',
  '.test-results',
  'artifacts',
]);

/** Files under `dir` that git tracks or would track (a checkout), else every file outside build output. */
function filesUnder(repoRoot, dir) {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', dir],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return listed.split('\0').filter((file) => file && fs.existsSync(path.join(repoRoot, file)));
  } catch {
    const found = [];
    const walk = (relative) => {
      const full = path.join(repoRoot, relative);
      if (!fs.existsSync(full)) return;
      if (fs.statSync(full).isFile()) return found.push(relative);
      for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
        if (entry.isDirectory() && skippedDirs.has(entry.name)) continue;
        walk(path.join(relative, entry.name));
      }
    };
    walk(dir);
    return found;
  }
}

/** One hash over the names and contents of every file under the given paths (files or folders), but `ignored` ones. */
export function fingerprint(repoRoot, paths, { extra = '', ignored = [] } = {}) {
  const hash = crypto.createHash('sha256').update(extra);
  const files = paths
    .flatMap((entry) => filesUnder(repoRoot, entry))
    .filter((file) => !ignored.includes(file.split(path.sep).join('/')));
  for (const file of files.sort()) {
    hash.update(`\0${file}\0`).update(fs.readFileSync(path.join(repoRoot, file)));
  }
  return hash.digest('hex');
}

/** A remembered fingerprint: `isCurrent(value)` after `remember(value)` until the inputs change. */
export function stamp(file) {
  return {
    isCurrent: (value) => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === value,
    remember: (value) => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, value);
    },
  };
}
