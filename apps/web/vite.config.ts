import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { BUILD_SETTING_PREFIXES } from './build/build-settings.ts';
import { staticSite } from './build/static-site.ts';

export default defineConfig({
  // BUSINESS_* reach the browser too, so one setting changes the contact details everywhere;
  // CHANGE_CUTOFF_HOURS and REMINDER_* too, so the policy states what the server does.
  envPrefix: BUILD_SETTING_PREFIXES,
  envDir: '../..',
  // staticSite: prerendered public pages and precompressed files (build/static-site.ts).
  plugins: [react(), tailwindcss(), staticSite()],
  resolve: {
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the es2022 target runs in supports <link rel=modulepreload>: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod in a chunk of its own, fetched only by the pages that validate with it (left to
          // itself, the bundler merged it into the chunk of field styles every form loads).
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
});
