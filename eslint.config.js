import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Buttons get their look and their defaults (type="button") from the shared primitives. */
const BUTTON_PRIMITIVE = {
  selector: 'JSXOpeningElement[name.name="button"]',
  message: 'Use Button or IconButton from components/button instead of a raw <button>.',
};

/** Only main.ts imports app.ts; everything else is handed the app (docs/ARCHITECTURE.md, "Layers"). */
const APP_IMPORT = {
  regex: '^(\\.\\./)*\\.?\\.?/app$',
  message: 'Import AppInstance from lib/app-instance.ts.',
};
const OTHER_ROUTES = {
  regex: '^\\.\\./[a-z-]+/routes$',
  message: "Only app.ts registers routes: import another feature's services, not its routes.ts.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify hooks and route handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      // React's onSubmit={form.handleSubmit(...)} hands a promise-returning handler to an attribute.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/method-signature-style': ['error', 'property'],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Imports flow shared -> features -> app (docs/ARCHITECTURE.md): a feature imports neither the
    // app shell nor another feature's internals; what two features need moves to components/ or
    // lib/. Features reach the API only through the contract (callApi with an endpoint), never
    // with a path of their own.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./app/', message: 'Features must not import the app shell.' },
            {
              regex: '^\\.\\./[^.]',
              message: "A feature must not import another feature's internals.",
            },
          ],
          paths: [
            {
              name: '../../lib/api-client',
              importNames: ['apiRequest'],
              message: 'Call the API with callApi and an endpoint of @daywise/shared/api.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'API paths live in the contract (@daywise/shared/api), not in features.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'API paths live in the contract (@daywise/shared/api), not in features.',
        },
      ],
    },
  },
  {
    // Components and pages reach the server through their feature's data hooks.
    files: ['apps/web/src/features/**/*.tsx', 'apps/web/src/components/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^(callApi|apiRequest)$/]',
          message: 'Components call the API through a data hook (use-*.ts), not directly.',
        },
        BUTTON_PRIMITIVE,
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'API paths live in the contract (@daywise/shared/api), not in features.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'API paths live in the contract (@daywise/shared/api), not in features.',
        },
      ],
    },
  },
  {
    // Every API route is registered from its contract with route() (lib/route.ts), so none can
    // skip input validation, answer checking or the API reference.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/] > Literal.arguments[value=/^\\/api\\//]',
          message: 'Declare the endpoint in @daywise/shared/api and register it with route().',
        },
      ],
    },
  },
  {
    // No import cycles: a file can be read after what it imports. The rule follows value imports
    // only; the layer rules below keep type imports flowing one way too.
    files: ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Server layers (docs/ARCHITECTURE.md): config.ts, db/ and lib/ import no feature and not the
    // app; a feature is handed the app (lib/app-instance.ts), and only main.ts imports app.ts.
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/lib/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(?!db/|lib/)[a-z-]+/',
              message: 'lib/, db/ and config.ts import no feature: pass what they need in.',
            },
            APP_IMPORT,
          ],
        },
      ],
    },
  },
  {
    // A feature is handed the app; it imports no feature's routes (only app.ts registers them).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/main.ts',
      'apps/server/src/app.ts',
      'apps/server/src/config.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/lib/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP_IMPORT, OTHER_ROUTES] }],
    },
  },
  {
    // Services and subscribers do not reach into the route layer: what a route sends (JsonAnswer)
    // and who calls (lib/caller.ts) live in lib/.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/main.ts',
      'apps/server/src/app.ts',
      'apps/server/src/config.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/**/routes.ts',
      // What the account routes share (their forms' options and limits): part of the route layer.
      'apps/server/src/auth/account-forms.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP_IMPORT,
            OTHER_ROUTES,
            {
              regex: '^(\\./routes|\\.\\./lib/route)$',
              message: 'Only route files register routes; services import from lib/ instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', BUTTON_PRIMITIVE] },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: [
      'scripts/**/*.mjs',
      'apps/*/scripts/**/*.mjs',
      'apps/server/build.mjs',
      'apps/server/bench/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
