import { rmSync } from 'node:fs';

/**
 * Removes the run's temporary data directory. Playwright stops the web server only after the
 * global teardown, so the removal waits for the runner to exit: the server has closed its
 * embedded database by then.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_ROOT;
  if (!dir || !dir.includes('norfolk-rides-e2e-')) return;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
