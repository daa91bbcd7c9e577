import js from '@eslint/js'
import astro from 'eslint-plugin-astro'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'cms/.next/',
      '.astro/',
      '.data*/',
      'data/',
      'test-results/',
      'test-reports/',
      'cms/migrations/2*.ts',
      'cms/app/(payload)/admin/importMap.js',
      'cms/payload-types.ts',
      'cms/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        document: 'readonly',
        window: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      // TypeScript checks names itself (globals such as App.Locals come from declarations).
      'no-undef': 'off',
    },
  },
  {
    // Browser tests take `test` from e2e/helpers.ts, which waits for hydration before driving an island.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './helpers.ts': it waits for islands to hydrate.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='browser'][callee.property.name=/^new(Context|Page)$/]",
          message: "Use newContext(browser) from './helpers.ts': it waits for islands to hydrate.",
        },
      ],
    },
  },
)
