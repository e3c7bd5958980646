import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'groundwork.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Embedded PGlite serves one process. A second process opening the same directory keeps
 * buffers and a write-ahead log of its own, and the two overwrite each other's pages
 * (PGlite's postmaster.pid is a placeholder that nothing checks). So the directory gets a
 * lock file naming its owner: a second opener is refused while that process lives, and a
 * lock left by one that died (kill -9, a crash) is taken over. The owner is its pid and, on
 * Linux, when it started and in which boot: a pid alone also names a killed process not yet
 * reaped, and an unrelated process that got the same pid later. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, ...identityOf(process.pid) });
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
      if (holder !== undefined && holder.pid !== process.pid && isAlive(holder)) throw inUse(dir, holder.pid);
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw inUse(dir, holderOf(file)?.pid);
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

interface Holder {
  pid: number;
  /** Clock ticks after boot at which the process started (/proc/<pid>/stat, field 22). */
  started?: string;
  boot?: string;
}

function holderOf(file: string): Holder | undefined {
  try {
    const { pid, started, boot } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    return {
      pid,
      started: typeof started === 'string' ? started : undefined,
      boot: typeof boot === 'string' ? boot : undefined,
    };
  } catch {
    return undefined; // unreadable or half-written: treated as stale
  }
}

/** What tells this process from a later one with the same pid, where /proc says (Linux). */
function identityOf(pid: number): { started?: string; boot?: string; state?: string } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name, in parentheses, may hold spaces and parentheses itself: fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      state: fields[0],
      started: fields[19],
      boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    };
  } catch {
    return {};
  }
}

function isAlive(holder: Holder): boolean {
  if (existsSync('/proc/self/stat')) {
    const now = identityOf(holder.pid);
    if (now.state === undefined) return false; // no such process
    if (now.state === 'Z' || now.state === 'X') return false; // killed, not yet reaped
    if (holder.boot !== undefined && holder.boot !== now.boot) return false; // the machine restarted since
    if (holder.started !== undefined && holder.started !== now.started) return false; // another process got the pid
    return true;
  }
  try {
    process.kill(holder.pid, 0);
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
