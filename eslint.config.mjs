// `pnpm lint`. Typed linting (projectService: each package's own tsconfig.json) for the TypeScript
// sources; the import boundaries live in scripts/eslint-boundaries.mjs.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryBlocks } from './scripts/eslint-boundaries.mjs';

const packages = '{shell,mfe-*,shared,api,sandbox,e2e}';

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      '.tools/**',
      '.test-results/**',
      'e2e/artifacts/**',
    ],
  },
  {
    files: [`${packages}/{src,test,tests}/**/*.{ts,tsx}`],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // `const { secret: _secret, ...rest } = x` is how the code leaves a key out
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, argsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [`{shell,mfe-*,shared}/src/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', '*/rspack.config.mjs', 'eslint.config.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  { plugins: { 'import-x': importX } },
  ...boundaryBlocks,
);
