/**
 * CPU time of one thread, from Linux's /proc: what a job's limit counts, so that a busy machine makes a job slower
 * but never gives it a different verdict (a program that needs 1 s of CPU gets it, however long the wait). Where
 * /proc is missing these answer null and the pools fall back to wall-clock time.
 */
import { readFileSync, readlinkSync } from 'node:fs';

/** CPU time (user + system) in ms of the thread whose stat file this is, or null where /proc can't tell. */
export function threadCpuMs(statPath: string): number | null {
  try {
    const stat = readFileSync(statPath, 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // In clock ticks of USER_HZ, which is 100 on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The stat file of the thread that calls this (a worker thread's own), or null where /proc can't tell. */
export function ownThreadStatPath(): string | null {
  try {
    return `/proc/${readlinkSync('/proc/thread-self')}/stat`;
  } catch {
    return null;
  }
}

/**
 * A job's time, as both pools limit it: the CPU time its thread used since it began (when the thread's stat file is
 * known), with a wall-clock limit too (a backstop for a starved machine, or the only limit where /proc is missing).
 */
export class JobClock {
  private readonly startedAt = performance.now();
  private readonly cpuAtStart: number | null;

  constructor(private readonly statPath: string | null | undefined) {
    this.cpuAtStart = statPath ? threadCpuMs(statPath) : null;
  }

  /** Whether CPU time is what limits this job (its thread's time could be read when it began). */
  get measuresCpu(): boolean {
    return this.cpuAtStart !== null;
  }

  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  /** The limit the job has passed, with the time it used, or null while it is within both. */
  passed(cpuMs: number, wallMs: number): { limit: 'cpu'; usedMs: number } | { limit: 'wall' } | null {
    if (this.cpuAtStart !== null && this.statPath) {
      const cpu = threadCpuMs(this.statPath);
      if (cpu !== null && cpu - this.cpuAtStart >= cpuMs) return { limit: 'cpu', usedMs: cpu - this.cpuAtStart };
    }
    return this.elapsedMs() >= wallMs ? { limit: 'wall' } : null;
  }
}
