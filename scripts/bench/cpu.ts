import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time per process group, read from /proc (Linux): where the cores go during a measurement. A snapshot
 * before and after gives each group's CPU milliseconds, which divided by the requests served is the cost of
 * one request in each part of the system.
 */
export type CpuGroups = Record<string, number>;

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on

function readStat(pid: string): { comm: string; ppid: number; cpuMs: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // After "pid (comm) ": state ppid ... utime is field 14 overall, i.e. index 11 here; stime index 12.
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    return { comm, ppid: Number(fields[1]), cpuMs: (cpuTicks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** CPU ms so far of every live process, grouped: each named root, its descendants (the sandbox's processes, say), Postgres, Temporal. */
export function cpuSnapshot(roots: Record<string, number | undefined>): CpuGroups {
  if (os.platform() !== 'linux') return {};
  const processes = new Map<number, { comm: string; ppid: number; cpuMs: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) processes.set(Number(entry), stat);
  }
  const rootOf = (pid: number): string | undefined => {
    for (let current: number | undefined = pid, depth = 0; current && depth < 20; depth++) {
      for (const [name, rootPid] of Object.entries(roots))
        if (rootPid === current) return current === pid ? name : `${name}'s child processes`;
      current = processes.get(current)?.ppid;
    }
    return undefined;
  };
  const groups: CpuGroups = {};
  for (const [pid, stat] of processes) {
    const group =
      stat.comm === 'postgres' ? 'postgres' : stat.comm === 'temporal' ? 'temporal dev server' : rootOf(pid);
    if (group) groups[group] = (groups[group] ?? 0) + stat.cpuMs;
  }
  return groups;
}

export function cpuDelta(before: CpuGroups, after: CpuGroups): CpuGroups {
  const delta: CpuGroups = {};
  for (const [name, ms] of Object.entries(after)) delta[name] = ms - (before[name] ?? 0);
  return delta;
}

export function printCpuTable(delta: CpuGroups, requests: number, seconds: number): void {
  const total = Object.values(delta).reduce((a, b) => a + b, 0);
  console.log('| process | CPU ms per request | share of 1 core |');
  console.log('|---|---|---|');
  for (const [name, ms] of Object.entries(delta).sort((a, b) => b[1] - a[1])) {
    console.log(`| ${name} | ${(ms / requests).toFixed(2)} | ${((ms / 1000 / seconds) * 100).toFixed(0)}% |`);
  }
  console.log(
    `| **total** | **${(total / requests).toFixed(2)}** | ${((total / 1000 / seconds) * 100).toFixed(0)}% of ${os.cpus().length * 100}% |`,
  );
}
