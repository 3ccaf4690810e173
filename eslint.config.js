import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';

// The browser bundle must never pull in server code or secrets. Every web block that sets no-restricted-imports
// repeats this pattern: a later block's setting of a rule replaces an earlier one's for the same files.
const noServerCode = {
  group: ['**/api/**', '!**/lib/api-client'],
  message: 'Web code may import src/contracts, not src/api.',
};

// One clock: "now" comes from src/contracts/clock.ts, which services are given as their `clock` and the browser
// calls, so a test that moves the clock moves every "now". Every block below that sets no-restricted-syntax repeats
// these, for the same reason as noServerCode above.
const clockMessage =
  'Read the time from src/contracts/clock.ts: a service uses its injected `clock`, other code systemClock() or nowMs(). Date.now() and new Date() with no argument live only there.';
const oneClock = [
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: clockMessage },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
];

// One way to open a transaction: transact() (src/api/db/after-commit.ts), under which effects after commit (a
// notification, a cache's new version) can be registered; under a raw .transaction() registering one throws, and
// only at run time. Services add this to oneClock wherever they set no-restricted-syntax.
const oneTransaction = {
  selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
  message: 'Open a transaction with transact() from src/api/db/after-commit.ts, not .transaction().',
};

// Features keep to themselves: a feature imports lib/, components/ and contracts, never another feature; what two
// features share moves to lib/ (data, state, API calls) or components/ (React UI). Only app/ (routes, shell) puts
// features together. Relative paths are matched as written, so a path up into a sibling feature folder counts.
const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherFeatures = (feature) => features.filter((name) => name !== feature).join('|');
const intoFeatures = (names) => `^(?:\\.\\./)+(?:features/)?(?:${names})(?:/|$)|(?:^|/)features/(?:${names})(?:/|$)`;
const featureBlocks = features.map((feature) => {
  const regex = intoFeatures(otherFeatures(feature));
  const message = `Features don't import each other (${feature} → another feature): move what is shared to lib/ or components/, or put the features together in app/.`;
  return {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServerCode, { regex, message }] }],
      'no-restricted-syntax': [
        'error',
        ...oneClock,
        { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message },
      ],
    },
  };
});

// No file but the contracts writes an API address: a route is registered from its endpoint's declaration and a
// screen calls the endpoint by name (src/contracts/endpoint.ts), so "who calls this?" is one search for its name.
// An address is a string that starts like one of the API's paths, or any string holding `/api/v1/`.
const apiAddress =
  /^\/(api\/|students(\/|\?|$)|forgot_password|reset_password|change_password|invite_email|courses(\/|$)|programs(\/|$)|uploads\/|calendar\/)/;
const endpointAddresses = {
  rules: {
    'no-api-address': {
      meta: {
        type: 'problem',
        messages: {
          address:
            'Call the endpoint by its declaration in src/contracts (callEndpoint, route, endpointUrl), not by its address.',
        },
        schema: [],
      },
      create(context) {
        const check = (node, text) => {
          if (apiAddress.test(text) || text.includes('/api/v1/')) context.report({ node, messageId: 'address' });
        };
        return {
          Literal: (node) => typeof node.value === 'string' && check(node, node.value),
          TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One place reads the environment: src/api/config (and the scripts that start processes).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/api/config/env.ts.' },
      ],
      'no-restricted-syntax': ['error', ...oneClock, oneTransaction],
    },
  },
  {
    // The one place that opens a transaction.
    files: ['src/api/db/after-commit.ts'],
    rules: { 'no-restricted-syntax': ['error', ...oneClock] },
  },
  {
    // The clock itself; tests, end-to-end specs and benchmarks measure and stamp with the computer's clock.
    files: ['src/contracts/clock.ts', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/api/config/**', 'scripts/**', 'test/**', 'e2e/**', 'bench/**', '*.config.ts', '*.config.js'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Migrations are typed Kysely<any> on purpose: they are frozen and must not depend on today's schema types.
    files: ['src/api/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerCode] }],
    },
  },
  ...featureBlocks,
  {
    // The layers under the features know none of them.
    files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}', 'src/web/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              group: ['**/features', '**/features/**'],
              message: 'lib/, components/ and pages/ never import features/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...oneClock,
        {
          selector: 'ImportExpression[source.value=/(^|\\/)features(\\/|$)/]',
          message: 'lib/, components/ and pages/ never import features/.',
        },
      ],
    },
  },
  {
    // A component file that outgrows a screen is split into its form, table and sheet parts.
    files: ['src/web/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests call the API by its addresses on purpose: the addresses are the interface they check.
    ignores: ['src/contracts/**', '**/*.test.{ts,tsx}'],
    plugins: { endpoints: endpointAddresses },
    rules: { 'endpoints/no-api-address': 'error' },
  },
  {
    files: ['src/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/api/**', '**/web/**'], message: 'Contracts depend on nothing of the app.' }] },
      ],
    },
  },
  {
    // Route files speak HTTP and call services; queries live in repositories, rules and transactions in services.
    files: ['src/api/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Route files call services; Kysely belongs in *.repository.ts.' }],
          patterns: [
            {
              group: ['**/db/database*', '**/db/schema*'],
              message: 'Route files call services, which reach the database through repositories.',
            },
            { group: ['**/*.repository*'], message: 'Route files call services, not repositories.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...oneClock,
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]',
          message: 'No queries or transactions in route files: put them in a repository and call it from a service.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'No SQL in route files: put it in a repository and call it from a service.',
        },
      ],
    },
  },
  prettier,
  {
    // After eslint-config-prettier, which turns max-len off: Prettier wraps code at 120 columns but leaves long
    // comments and strings alone, so the line length is kept here (long messages in strings are allowed).
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
);
