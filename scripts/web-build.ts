import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** Whether `dist` is missing or older than the sources it is built from. */
export function webBuildIsStale(distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
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
}
