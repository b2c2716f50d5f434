// ESLint flat config: typescript-eslint, react-hooks, and the import boundaries of DESIGN.md.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const prettier = require('eslint-config-prettier');
const globals = require('globals');

const REMOTES = ['remote-regular', 'remote-starline', 'remote-gali', 'remote-wallet'];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/.test-dist/**', '**/.sw-build/**', '.bench/**', '**/node_modules/**', '**/.data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.tsx', 'shared/src/**/*.ts', 'shell/src/**/*.ts', 'remote-*/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The server awaits every promise it makes (a limit or a lock left un-awaited is a hole, not a check).
  {
    files: ['server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  // A remote never imports another remote or the shell, and reaches shared only as @matka/shared.
  ...REMOTES.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: restrict(
      ['**/shell/**', 'shell', '@matka/shell*', ...REMOTES.filter((r) => r !== remote).flatMap((r) => [r, `**/${r}/**`]), '**/shared/src/**', '**/server/**'],
      'A remote imports only @matka/shared (and its own files): never another remote, the shell or the server.',
    ),
  })),
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: restrict(
      [...REMOTES.flatMap((r) => [r, `**/${r}/**`]), '**/shared/src/**', '**/server/**'],
      'The shell loads remotes only through Module Federation at run time and reaches shared as @matka/shared.',
    ),
  },
  // shared never imports a package above it.
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: restrict(
      ['**/shell/**', ...REMOTES.flatMap((r) => [r, `**/${r}/**`]), '**/server/**', '@matka/shell*', 'server'],
      'shared is the bottom of the house: it never imports the shell, a remote or the server.',
    ),
  },
  // The domain is pure: no React, no browser or Node APIs.
  {
    files: ['shared/src/domain/**/*.ts'],
    rules: restrict(
      ['react', 'react-*', 'react/*', '@reduxjs/*', 'node:*', '../api/**', '../store/**', '../ui/**', '../config/**'],
      'shared/src/domain is pure TypeScript: no React, store, browser or Node APIs.',
    ),
  },
  // The server imports only shared/src/domain from shared.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@matka/shared(?!/domain$)|.*shared/src/(?!domain(/|$))|.*/(shell|remote-[a-z]+)/|react($|-|/))',
              message: 'The server imports only @matka/shared/domain from shared, and nothing with React in it.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
