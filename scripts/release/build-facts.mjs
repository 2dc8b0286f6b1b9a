// What a remote's build says about itself when it is released: its version, the libraries it takes
// from the page, and the contract operations it calls. Pure functions over files the build wrote.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The package version plus the short commit: `0.1.0+3f9a1c2` (RELEASE_VERSION overrides it). */
export function releaseVersion(dir, env = process.env) {
  if (env.RELEASE_VERSION) return env.RELEASE_VERSION;
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: dir })
    .toString()
    .trim();
  return `${version}+${commit}`;
}

/**
 * The shared requirements of a build, from its mf-manifest.json: each library's range, and whether
 * it is one instance per page (its share-scope.json, from the Module Federation config the build used).
 */
export function sharedRequirements(manifest, shareScope) {
  const singletons = new Set(shareScope.singletons);
  return manifest.shared
    .map(({ name, requiredVersion }) => ({
      name,
      requiredVersion,
      singleton: singletons.has(name),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const sourceFile = /\.(tsx?|jsx?|mjs)$/;
const testFile = /\.test\.|[/\\]test[/\\]/;

function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !testFile.test(path.relative(dir, file)));
}

/** The contract operations a remote's source names in a string ('listWebhookLogs'), sorted. */
export function calledOperations(srcDir, operationNames) {
  const known = new Set(operationNames);
  const found = new Set();
  for (const file of sourceFiles(srcDir)) {
    for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/['"`](\w+)['"`]/g))
      if (known.has(name)) found.add(name);
  }
  return [...found].sort();
}
