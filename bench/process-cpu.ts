import { readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** CPU time (user + system, all threads) a process has used so far, in microseconds, from /proc/<pid>/stat. */
export function processCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
}
