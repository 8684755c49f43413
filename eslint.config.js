// One flat config for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundaries } from './eslint.boundaries.js';
import { noInlineQueries } from './eslint.queries.js';

const noFocusedTests = {
  selector:
    "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
  message: 'A focused test hides every other test; remove .only before committing.',
};

// The server also runs as one bundled file (apps/server/build.mjs), where a path relative to the
// module is wrong: its own files are named from the package root (src/paths.ts, decision 0055).
const noModuleRelativeFiles = {
  selector:
    "NewExpression[callee.name='URL'] MemberExpression[object.meta.name='import'][property.name='url']",
  message:
    "the server runs bundled too: name its files with serverPath('src', ...) from src/paths.ts, not relative to import.meta.url",
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-restricted-syntax': ['error', noFocusedTests],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*store*.ts',
      'apps/server/src/**/store/**',
      'apps/server/src/store/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', noFocusedTests, noModuleRelativeFiles, ...noInlineQueries],
    },
  },
  // The IM reads time from the app's one clock (src/clock.ts, ServerServices.clock): handlers as
  // context.now(), features as gateway.now. System time read here would escape the tests' clock.
  {
    files: ['apps/server/src/im/**/*.ts'],
    ignores: ['apps/server/src/im/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message:
            "the IM's time comes from its one clock: context.now() in a handler, gateway.now or an injected now() elsewhere (src/clock.ts)",
        },
      ],
    },
  },
  // Parts depend only downward (docs/overview.md); who may import whom: eslint.boundaries.js.
  ...boundaries,
);
