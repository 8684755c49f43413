// One flat config for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundaries } from './eslint.boundaries.js';

const noFocusedTests = {
  selector:
    "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
  message: 'A focused test hides every other test; remove .only before committing.',
};

// Queries live in store modules (docs/overview.md, "Store access"): a file named *store*.ts, a
// file in a store/ folder, or a migration. Elsewhere in the server a Kysely query builder call
// fails lint, so a handler or route cannot grow inline SQL again.
const noInlineQueries = {
  selector:
    "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]",
  message:
    "queries belong in the feature's store module (a *store*.ts file or a store/ folder); call a named function from there",
};

// Files that still hold queries from before the rule (issue 16). Each one leaves this list when
// its queries move to a store module; no file joins it.
const queriesNotYetMoved = [
  'campaigns/admin/views.ts',
  'campaigns/kernel/assists.ts',
  'campaigns/kernel/awards.ts',
  'campaigns/kernel/counters.ts',
  'campaigns/kernel/coupons.ts',
  'campaigns/kernel/points.ts',
  'campaigns/kernel/prizes.ts',
  'campaigns/kernel/window.ts',
  'campaigns/password/routes.ts',
  'campaigns/raffle/routes.ts',
  'campaigns/sign/sign-ins.ts',
  'im/people/handlers.ts',
  'im/people/relations.ts',
  'im/people/sync.ts',
  'im/people/sysmsgs.ts',
  'im/people/users.ts',
  'im/teams/handlers.ts',
  'im/teams/ops.ts',
  'im/teams/recalls.ts',
  'im/teams/receipts.ts',
  'im/teams/super-sessions.ts',
  'im/teams/sync.ts',
].map((file) => `apps/server/src/${file}`);

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
      ...queriesNotYetMoved,
    ],
    rules: { 'no-restricted-syntax': ['error', noFocusedTests, noInlineQueries] },
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
