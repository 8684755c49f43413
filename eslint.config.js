// One flat config for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noFocusedTests = {
  selector:
    "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
  message: 'A focused test hides every other test; remove .only before committing.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-restricted-syntax': ['error', noFocusedTests],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Parts depend only downward (docs/overview.md): a package never imports from an app, and
    // nobody reaches into another part's files except through its package name.
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@morsel/server', '@morsel/web'], message: 'packages must not import apps' }] },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/packages/*/src/**', '@morsel/*/src/**'], message: 'import a package by its name' }] },
      ],
    },
  },
);
