import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite corrupts a data directory that two processes open at once, so the embedded database
 * takes a lock file first. A lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(lockPath: string): () => void {
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (isRunning(holder)) {
        throw new Error(
          `The embedded database at ${dirname(lockPath)} is in use by another process (pid ${holder}). ` +
            'Stop that process first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
          { cause: error },
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
