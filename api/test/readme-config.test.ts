import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configVariables, repoRoot } from '../src/config.js';

describe('README configuration table', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

  it.each(configVariables.map((variable) => variable.name))('lists %s', (name) => {
    expect(readme).toContain(`\`${name}\``);
  });
});
