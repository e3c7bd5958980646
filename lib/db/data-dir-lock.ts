import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'groundwork.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Embedded PGlite serves one process. A second process opening the same directory keeps
 * buffers and a write-ahead log of its own, and the two overwrite each other's pages
 * (PGlite's postmaster.pid is a placeholder that nothing checks). So the directory gets a
 * lock file naming its owner's pid: a second opener is refused while that process lives,
 * and a lock left by one that died (kill -9, a crash) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid });
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, mine);
  try {
    // Twice: a stale lock is removed once, then the atomic link must win.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(temp, file); // fails when the file exists: only one opener can create it
        return () => release(file, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = holderOf(file);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw inUse(dir, holder);
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw inUse(dir, holderOf(file));
  } finally {
    unlinkSync(temp);
  }
}

function release(file: string, mine: string) {
  try {
    if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = (JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // unreadable or half-written: treated as stale
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

function inUse(dir: string, pid: number | undefined): DataDirInUseError {
  return new DataDirInUseError(
    `The embedded database in ${dir} is open in another process${pid ? ` (pid ${pid})` : ''}. ` +
      'Embedded PGlite serves one process: stop that one first (the app server, when this is a script), ' +
      'or set DATABASE_URL to a PostgreSQL server to share one database between processes.',
  );
}
