/**
 * `npm start`: builds the web app when it is missing or older than its sources, then serves the
 * site and the API from one process (apps/api/src/server.ts reads the rest of the configuration).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, buildWeb, webBuildIsStale } from './web-build.ts';

// Settings in .env apply unless the environment already sets them.
const envFile = resolve(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const distDir = resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
if (webBuildIsStale(distDir)) {
  console.log('Building the web app...');
  buildWeb(distDir);
}
await import('../apps/api/src/server.ts');
