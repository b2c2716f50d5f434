// ESLint flat config: typescript-eslint, react-hooks, and the import boundaries of DESIGN.md.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const prettier = require('eslint-config-prettier');
const globals = require('globals');
const importX = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');

const REMOTES = ['remote-regular', 'remote-starline', 'remote-gali', 'remote-wallet'];

const PACKAGES = ['shared', 'shell', ...REMOTES, 'console', 'server', 'e2e'];
const others = (...keep) => PACKAGES.filter((p) => !keep.includes(p)).map((p) => `./${p}`);

/**
 * The arrows of the architecture, on resolved paths (so a relative path, a package name or a test file
 * cannot go around them): shell -> remotes (at run time only, never by import) -> shared -> domain;
 * the server and the console over the domain only; tests sit inside their package's zone.
 */
const ZONES = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: others(remote, 'shared'),
    message:
      'A remote imports only @matka/shared and its own files: never another remote, the shell, the console or the server.',
  })),
  {
    target: './shell',
    from: others('shell', 'shared'),
    message: 'The shell loads the remotes through Module Federation at run time; it imports only @matka/shared.',
  },
  {
    target: './console',
    from: others('console', 'shared'),
    message: 'The console is its own app: it imports only @matka/shared.',
  },
  {
    target: './shared',
    from: others('shared'),
    message: 'shared is the bottom of the front ends: it never imports a package above it.',
  },
  {
    target: './shared/src/domain',
    from: ['./shared/src', './shared/test-utils'],
    except: ['./domain'],
    message: 'shared/src/domain is pure TypeScript: no api, store, UI or config.',
  },
  {
    target: './shared/src/contract',
    from: ['./shared/src', './shared/test-utils'],
    except: ['./domain', './contract', './routes/table.ts'],
    message: 'shared/src/contract is pure data and types: it reads only the domain and the route table.',
  },
  {
    target: './server',
    from: [...others('server', 'shared'), './shared/src', './shared/test-utils'],
    except: ['./domain', './contract', './routes/table.ts', './i18n/locales', './receipts'],
    message:
      "The server imports only @matka/shared/domain, @matka/shared/contract (and its schemas), the route table (@matka/shared/routes, pure data), the catalogues of the spec's messages (@matka/shared/i18n/locales/*.json, pure data) and the receipt check (@matka/shared/receipts: the CLI's verify) from shared.",
  },
  {
    target: './server/src/services',
    from: [
      './server/src/http',
      './server/src/api',
      './server/src/operator',
      './server/src/cli',
      './server/src/app.ts',
      './server/src/main.ts',
    ],
    message:
      'Services own the rules and their transactions and return domain results: they never import the HTTP layer (http/, api/, operator/), the CLI or the app.',
  },
];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

module.exports = tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-qa/**',
      '**/.test-dist/**',
      '**/.sw-build/**',
      '**/.families-runtime-build/**',
      '.bench/**',
      '**/node_modules/**',
      '**/.data/**',
      'coverage/**',
      'e2e/artifacts/**',
    ],
  },
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
  // Imports resolve like the bundlers and TypeScript do; the boundaries hold on the resolved files.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: ['*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: ZONES }],
      // another package only by its name (@matka/shared/...), never by a relative path into it
      'import-x/no-relative-packages': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A remote never imports another remote or the shell, and reaches shared only as @matka/shared.
  ...REMOTES.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: restrict(
      [
        '**/shell/**',
        'shell',
        '@matka/shell*',
        ...REMOTES.filter((r) => r !== remote).flatMap((r) => [r, `**/${r}/**`]),
        '**/shared/src/**',
        '**/server/**',
      ],
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
  // Mock code never reaches a production build: only a QA page's entry (src/qa.ts) and tests load the
  // contract's mocks and Mock Service Worker.
  {
    files: [
      'shell/src/**/*.{ts,tsx}',
      'console/src/**/*.{ts,tsx}',
      'remote-*/src/**/*.{ts,tsx}',
      'shared/src/**/*.{ts,tsx}',
    ],
    ignores: ['remote-*/src/qa.ts', 'shared/src/mocks/**', 'shared/src/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['msw', 'msw/*', '@matka/shared/mocks', '@matka/shared/mocks/*', '**/mocks', '**/mocks/*'],
              message:
                'Mock code never reaches a production build: only src/qa.ts (npm run qa) and tests load the mocks.',
            },
          ],
        },
      ],
    },
  },
  // The domain is pure: no React, no browser or Node APIs.
  {
    files: ['shared/src/domain/**/*.ts'],
    rules: restrict(
      ['react', 'react-*', 'react/*', '@reduxjs/*', 'node:*', '../api/**', '../store/**', '../ui/**', '../config/**'],
      'shared/src/domain is pure TypeScript: no React, store, browser or Node APIs.',
    ),
  },
  // The contract is pure data: no React, store or runtime of any side. Its schemas (schemas.ts,
  // fields.ts: @matka/shared/contract/schemas) are zod; the index the clients load names them by type only.
  {
    files: ['shared/src/contract/**/*.ts'],
    rules: restrict(
      ['react', 'react-*', 'react/*', '@reduxjs/*', 'node:*', '../api/**', '../store/**', '../ui/**', '../config/**'],
      'shared/src/contract is pure data and types: no React, store, browser or Node APIs.',
    ),
  },
  {
    files: ['shared/src/contract/**/*.ts'],
    ignores: [
      'shared/src/contract/schemas.ts',
      'shared/src/contract/fields.ts',
      'shared/src/contract/answerSchemas.ts',
      'shared/src/contract/liveSchemas.ts',
      'shared/src/contract/operatorSchemas.ts',
      'shared/src/contract/operatorAnswerSchemas.ts',
      'shared/src/contract/familySchemas.ts',
      'shared/src/contract/verifySchemas.ts',
      'shared/src/contract/auditSchemas.ts',
      'shared/src/contract/resultSchemas.ts',
      'shared/src/contract/answerParts.ts',
      'shared/src/contract/originalSchemas.ts',
      'shared/src/contract/servedSchemas.ts',
      'shared/src/contract/writtenAnswers.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Only @matka/shared/contract/schemas loads zod: the clients' index takes its types only.",
            },
            {
              name: './schemas',
              allowTypeImports: true,
              message: "Only @matka/shared/contract/schemas loads zod: the clients' index takes its types only.",
            },
            {
              name: './liveSchemas',
              allowTypeImports: true,
              message: "Only @matka/shared/contract/schemas loads zod: the clients' index takes its types only.",
            },
            {
              name: './answerSchemas',
              allowTypeImports: true,
              message: "Only @matka/shared/contract/schemas loads zod: the clients' index takes its types only.",
            },
            {
              name: './operatorAnswerSchemas',
              allowTypeImports: true,
              message: "Only @matka/shared/contract/schemas loads zod: the clients' index takes its types only.",
            },
            {
              name: './familySchemas',
              allowTypeImports: true,
              message: "Only @matka/shared/contract/schemas loads zod: the clients' index takes its types only.",
            },
          ],
        },
      ],
    },
  },
  // The server imports only shared/src/domain, shared/src/contract and the route table from shared.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(@matka/shared(?!/(domain|contract|contract/schemas|contract/written|contract/reference|routes|receipts|receipts/log)$|/i18n/locales/[a-z]+\\.json$)|.*shared/src/(?!(domain|contract|receipts)(/|$)|routes/table$)|.*/(shell|remote-[a-z]+)/|react($|-|/))',
              message:
                "The server imports only @matka/shared/domain, @matka/shared/contract (and its schemas, the answers as written and the original backend's reference), the route table (@matka/shared/routes), the spec messages' catalogues (@matka/shared/i18n/locales/*.json) and the receipt and log checks (@matka/shared/receipts, @matka/shared/receipts/log) from shared, and nothing with React in it.",
            },
          ],
        },
      ],
    },
  },
  // Handlers check the request, call a service and shape the answer: what is read and written, and every
  // transaction, lives in server/src/services/ (and the SQL functions). No query is built in a handler.
  {
    files: [
      'server/src/api/**/*.ts',
      'server/src/http/**/*.ts',
      'server/src/pages/**/*.ts',
      'server/src/operator/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='kysely']",
          message: 'Handlers write no SQL: put the query in a service (server/src/services/).',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|transaction|executeQuery)$/]',
          message: 'Handlers write no SQL: put the query in a service (server/src/services/).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Handlers write no SQL: put the query in a service (server/src/services/).',
        },
      ],
    },
  },
  // The benches write their last run to docs/benchmarks.md through one helper beside the build scripts.
  {
    files: ['server/scripts/bench-*.ts', 'e2e/bench/*.ts', 'shared/test/house.test.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  prettier,
);
