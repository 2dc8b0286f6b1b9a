// Where a .cpuprofile (node --cpu-prof) spent its busy time: self time by function and by file, top 25.
//   node api/bench/cpu-profile-summary.mjs <file.cpuprofile>
import fs from 'node:fs';

const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
// each sample weighs the time since the one before, up to a few sampling intervals: the first sample after
// the process was stopped (the receiver bench stops the apis it is not loading, SIGSTOP) would otherwise
// carry the whole stop, and whatever it caught would look like most of the work
const dt = profile.timeDeltas;
const interval = [...dt].sort((a, b) => a - b)[Math.floor(dt.length / 2)] ?? 0;
const weight = (delta) => Math.min(delta ?? 0, 4 * interval);
for (let i = 0; i < profile.samples.length; i++)
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + weight(dt[i]));
// shares of the busy time (idle left out): what the thread spent its work on
const idleIds = new Set(
  profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
);
const sampled = [...self.values()].reduce((a, b) => a + b, 0);
for (const id of idleIds) self.delete(id);
const total = [...self.values()].reduce((a, b) => a + b, 0);
const shortUrl = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\/\.pnpm\/([^/]+)\/node_modules\//, '$1:')
    .replace(/.*\/api\/dist\//, 'api/dist/');
const functions = new Map();
const files = new Map();
for (const [id, time] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const where = url ? shortUrl(url) : '(native)';
  const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + time);
  const pkg = where.includes(':') && !where.startsWith('node:') ? where.split(':')[0] : where;
  files.set(pkg, (files.get(pkg) ?? 0) + time);
}
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(
  `${(sampled / 1e6).toFixed(1)} s sampled, ${(total / 1e6).toFixed(1)} s busy (the shares below are of the busy time)\n\nself time by function:\n${top(functions)}\n\nself time by package/file:\n${top(files)}`,
);
