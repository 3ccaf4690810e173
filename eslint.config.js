import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

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
    },
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
      // The browser bundle must never pull in server code or secrets.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/api/**', '!**/lib/api-client'], message: 'Web code may import src/contracts, not src/api.' },
          ],
        },
      ],
    },
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
