import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { BUILD_SETTINGS_FILE, buildSettings } from '../apps/web/build/build-settings.ts';

export const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps/web');
const SOURCES = [
  join(WEB, 'src'),
  join(WEB, 'public'),
  join(WEB, 'index.html'),
  join(WEB, 'vite.config.ts'),
  join(WEB, 'build'),
  join(ROOT, 'packages/shared/src'),
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * Whether `dist` is missing, older than the sources it is built from, or made with other
 * build-time settings (the business's details, the policy's figures) than the environment's.
 */
export function webBuildIsStale(distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const settings = join(distDir, BUILD_SETTINGS_FILE);
  if (!existsSync(settings) || readFileSync(settings, 'utf8') !== buildSettings(process.env)) {
    return true;
  }
  return Math.max(...SOURCES.map(newestChange)) > statSync(index).mtimeMs;
}

/**
 * Builds the web app with Vite into `distDir`: the bundle, the public pages with their
 * server-side renderer, and the precompressed files (apps/web/build/static-site.ts). Throws
 * when the build fails.
 */
export function buildWeb(distDir: string): void {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: WEB,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web build failed (see above).');
  writeFileSync(join(distDir, BUILD_SETTINGS_FILE), buildSettings(process.env));
}
