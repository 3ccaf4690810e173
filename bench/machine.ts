/**
 * How noisy the machine was while the bench ran: the share of CPU time the hypervisor took for other guests (steal)
 * and how much stayed idle, from the kernel's counters in /proc/stat, between two readings. A run with steal in the
 * tens of percent measured the neighbours as much as the site.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export interface CpuTimes {
  total: number;
  idle: number;
  steal: number;
}

/** The machine's CPU counters now (all cores, in clock ticks); null where /proc/stat is not there. */
export function cpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user)
    const [, ...fields] = line.trim().split(/\s+/);
    const ticks = fields.slice(0, 8).map(Number);
    if (ticks.length < 8 || ticks.some(Number.isNaN)) return null;
    return {
      total: ticks.reduce((sum, value) => sum + value, 0),
      idle: ticks[3]! + ticks[4]!,
      steal: ticks[7]!,
    };
  } catch {
    return null;
  }
}

/** One line on the machine between two readings: steal and idle as shares of CPU time, and the load average. */
export function machineNoise(before: CpuTimes | null, after: CpuTimes | null): string {
  const load = `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
  if (!before || !after || after.total <= before.total) return `machine: ${load}`;
  const share = (value: number) => `${((100 * value) / (after.total - before.total)).toFixed(1)} %`;
  return `machine: steal ${share(after.steal - before.steal)} of CPU time, idle ${share(after.idle - before.idle)}, ${load}`;
}
