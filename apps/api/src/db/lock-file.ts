import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/**
 * A pid lock file next to the PGlite data folder. PGlite has no lock of its own and a second process on the
 * same folder corrupts it, so whoever opens the folder first holds `<folder>.lock` (JSON with its pid) until
 * it closes. A lock left by a process that no longer exists is stale and taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly lockPath: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder is in use by process ${holderPid} (lock file ${lockPath}). ` +
        'Only one process may open an embedded PGlite database: stop that process, or point DATA_DIR at another ' +
        'folder, or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
  }
}

interface LockContent {
  pid: number;
  host: string;
  since: string;
}

export interface FileLock {
  readonly path: string;
  release(): void;
}

/** Locks held by this process, so that a second open in the same process is refused as well. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : null;
  } catch {
    return null;
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    const content: LockContent = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    writeSync(fd, JSON.stringify(content));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock or throws DataDirLockedError. A stale lock (dead pid, or unreadable and older than a few
 * seconds) is replaced; the replacement runs under a short-lived `.takeover` file so that two processes
 * racing for the same stale lock cannot both win.
 */
export function acquireLock(lockPath: string): FileLock {
  mkdirSync(dirname(lockPath), { recursive: true });
  if (heldHere.has(lockPath)) throw new DataDirLockedError(lockPath, process.pid);

  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath)) return held(lockPath);

    const current = readLock(lockPath);
    // Our own pid without the lock in `heldHere` is a leftover of an earlier run that had the same pid (pid 1
    // in a container, say): stale. The data folder must be on a local disk: pids are only checked here.
    if (current && current.pid !== process.pid && isAlive(current.pid)) {
      throw new DataDirLockedError(lockPath, current.pid);
    }
    if (!current && ageMs(lockPath) < 5_000) {
      // Being written right now by another process: give it a moment.
      sleepSync(50);
      continue;
    }
    // Stale (dead pid, our own pid from an earlier run, or garbage). Replace it under the takeover mutex.
    const takeover = `${lockPath}.takeover`;
    if (!tryCreate(takeover)) {
      if (ageMs(takeover) > 10_000) safeUnlink(takeover);
      sleepSync(50);
      continue;
    }
    try {
      const again = readLock(lockPath);
      if (again?.pid === current?.pid) safeUnlink(lockPath);
      if (tryCreate(lockPath)) return held(lockPath);
    } finally {
      safeUnlink(takeover);
    }
  }
  const holder = readLock(lockPath);
  throw new DataDirLockedError(lockPath, holder?.pid ?? -1);
}

function held(path: string): FileLock {
  heldHere.add(path);
  let released = false;
  const onExit = () => release();
  process.once('exit', onExit);
  function release() {
    if (released) return;
    released = true;
    heldHere.delete(path);
    process.removeListener('exit', onExit);
    if (readLock(path)?.pid === process.pid) safeUnlink(path);
  }
  return { path, release };
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function safeUnlink(path: string) {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
