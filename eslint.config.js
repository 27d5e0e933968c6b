// One lint configuration for the whole monorepo.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const WEB_SRC = fileURLToPath(new URL('apps/web/src', import.meta.url));
const API_SRC = fileURLToPath(new URL('apps/api/src', import.meta.url));
const WEB_FEATURES = readdirSync(`${WEB_SRC}/features`);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app's layers (apps/web/src/README.md): imports flow one way, from the app shell to
    // pages to features to the shared code; a feature never imports another feature.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: WEB_SRC,
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move what both need down.',
            })),
            {
              target: ['./pages', './features', './components', './state', './lib', './config'],
              from: ['./main.tsx', './app.tsx', './routes.tsx', './route-guards.tsx', './ssr'],
              message: 'Only the app shell imports the app shell.',
            },
            {
              target: ['./features', './components', './state', './lib', './config'],
              from: './pages',
              message: 'Only the app shell imports pages.',
            },
            {
              target: ['./components', './state', './lib', './config'],
              from: './features',
              message: 'Shared code does not import features.',
            },
            {
              target: ['./state', './lib', './config'],
              from: './components',
              message: 'State and lib do not import components.',
            },
            {
              target: ['./lib', './config'],
              from: './state',
              message: 'lib does not import state.',
            },
            { target: './config', from: './lib', message: 'config imports nothing of the app.' },
          ],
        },
      ],
    },
  },
  {
    // The API's layers (apps/api/src/README.md): modules use plugins, never the other way;
    // only the server and the tests assemble the app. Tests may reach anywhere.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: API_SRC,
          zones: [
            {
              target: [
                './plugins',
                './lib',
                './http',
                './email',
                './calendar',
                './config',
                './errors.ts',
              ],
              from: ['./modules', './jobs'],
              message:
                'Plugins and the shared plumbing do not import modules: app.ts hands them in.',
            },
            {
              target: [
                './modules',
                './plugins',
                './lib',
                './http',
                './email',
                './config',
                './jobs',
              ],
              from: ['./app.ts', './server.ts'],
              message: 'Only the server and the tests import the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared package runs in the browser and on the server: no Node or DOM.
    files: ['packages/shared/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path'] }],
    },
  },
);
