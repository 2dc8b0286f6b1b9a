// Fails a build whose code imports from a kit's package a name the kit does not list (scripts/kits/README.md):
// Module Federation would hand that module the kit, and the name would be undefined in the browser.
import fs from 'node:fs';
import path from 'node:path';

const sourceFile = /\.(tsx?|jsx?|mjs)$/;
/** Tests run in jest against the real packages, not in a build: what they import is no kit's business. */
const testFile = /\.test\.[jt]sx?$/;
const testFolders = new Set(['node_modules', 'dist', 'test', 'testing']);
/** `import {…} from 'pkg'` and `export {…} from 'pkg'`, over several lines; `import * as` is refused too. */
const namedImport = /(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const namespaceImport = /import\s+\*\s+as\s+\w+\s+from\s*['"]([^'"]+)['"]/g;

/** The names a kit file re-exports. */
export function kitNames(file) {
  const body = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\/.*$/gm, '')
    .match(/export\s*\{([^}]*)\}/);
  if (!body) throw new Error(`${file} re-exports no names`);
  return body[1]
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!testFolders.has(entry.name)) yield* sourceFiles(file);
    } else if (sourceFile.test(entry.name) && !testFile.test(entry.name)) yield file;
  }
}

/**
 * The names the source under `roots` imports from `pkg` that `listed` lacks, each with a file that
 * imports it; type-only imports are left out (they do not exist at run time).
 * @returns {Array<{ name: string, file: string }>}
 */
export function missingNames(roots, pkg, listed) {
  const known = new Set(listed);
  const missing = new Map();
  for (const root of roots)
    for (const file of sourceFiles(root)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, typeOnly, names, from] of text.matchAll(namedImport)) {
        if (from !== pkg || typeOnly) continue;
        for (const specifier of names.split(',')) {
          const name = specifier.trim().split(/\s+as\s+/)[0];
          if (name === '' || name.startsWith('type ') || known.has(name)) continue;
          if (!missing.has(name)) missing.set(name, file);
        }
      }
      for (const [, from] of text.matchAll(namespaceImport))
        if (from === pkg && !missing.has('*')) missing.set('*', file);
    }
  return [...missing].map(([name, file]) => ({ name, file }));
}
