import fs from 'node:fs';
import { isProcessAlive } from './processes';

/** `holderPid` is 0 when the holder has not written its pid yet. */
export type PidLock = { acquired: true; release(): void } | { acquired: false; holderPid: number };

/**
 * A lock file holding the owner's pid. A lock whose owner is gone (killed, crashed) is taken over, so a crash never
 * blocks the next start. The file is removed on release and, as a last resort, when this process exits.
 */
export function tryAcquirePidLock(file: string): PidLock {
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holderPid = readLockHolder(file);
    if (holderPid !== undefined && holderPid !== process.pid && isProcessAlive(holderPid)) {
      return { acquired: false, holderPid };
    }
    // No pid yet: its owner may be between creating and writing it, so only a lock that stayed empty is stale.
    if (holderPid === undefined && Date.now() - modifiedAt(file) < 10_000) return { acquired: false, holderPid: 0 };
    // Stale: its owner is gone. Remove and retry; if another process races us to it, `wx` decides the winner.
    fs.rmSync(file, { force: true });
  }
  const release = () => {
    process.removeListener('exit', release);
    if (readLockHolder(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { acquired: true, release };
}

function modifiedAt(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readLockHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
