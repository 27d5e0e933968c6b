// One lint configuration for the whole monorepo.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const WEB_SRC = fileURLToPath(new URL('apps/web/src', import.meta.url));
const API_SRC = fileURLToPath(new URL('apps/api/src', import.meta.url));
const WEB_FEATURES = readdirSync(`${WEB_SRC}/features`);
const API_MODULES = join(API_SRC, 'modules');

/**
 * Each API module's dependents: the modules that import it, directly or through others, as the
 * code stands (relative imports of files other than tests). A module importing one of its
 * dependents closes a loop; import-x/no-cycle sees loops of files only, and a loop of modules
 * (a → b/x.ts → a/y.ts) is rarely one.
 */
function apiModuleDependents() {
  const modules = readdirSync(API_MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const imports = new Map(modules.map((name) => [name, new Set()]));
  for (const name of modules) {
    const files = readdirSync(join(API_MODULES, name), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const path = join(API_MODULES, name, file);
      for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const [other] = relative(API_MODULES, resolve(dirname(path), specifier)).split(sep);
        if (other !== name && imports.has(other)) imports.get(other).add(name);
      }
    }
  }
  // imports: module → the modules importing it; widened to everything that reaches it.
  return modules.map((name) => {
    const dependents = new Set();
    const visit = (module) => {
      for (const importer of imports.get(module)) {
        if (dependents.has(importer)) continue;
        dependents.add(importer);
        visit(importer);
      }
    };
    visit(name);
    dependents.delete(name);
    return { name, dependents: [...dependents] };
  });
}

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
    // The day sheet's service worker, served as written.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
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
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // no-cycle follows the imports of the files imported: they are TypeScript.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
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
                './travel',
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
                './travel',
                './config',
                './jobs',
              ],
              from: ['./app.ts', './server.ts', './outside-services.ts'],
              message: 'Only the server and the tests import the app and what assembles it.',
            },
            // Imports between modules go one way (modules/README.md): where a module needs a
            // function of one that depends on it, app.ts hands it in.
            ...apiModuleDependents()
              .filter(({ dependents }) => dependents.length > 0)
              .map(({ name, dependents }) => ({
                target: `./modules/${name}`,
                from: dependents.map((dependent) => `./modules/${dependent}`),
                message: `This closes a loop of modules: ${dependents.join(', ')} import ${name}. Let app.ts hand the function in.`,
              })),
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Type-aware rules for the API, where a missed case or an unawaited promise is a request
    // that never answers or a write that is lost: each reads the types of apps/api/tsconfig.json.
    files: ['apps/api/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
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
