/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the top entries by self time, by function and by package or file,
 * and the total. Usage: `npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top=15] [last seconds]` (only the
 * samples of the profile's last seconds: the measured load of bench/profile-courses.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Time neither idle nor waiting: what the process spent working. */
  busyMs: number;
  byFunction: [string, number][];
  byPackage: [string, number][];
}

/** A package under node_modules, node's own code, V8's pseudo-frames, or a file of the site. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + '/node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? url);
  }
  if (url.startsWith('node:')) return url;
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? url.slice(dist + 1) : url.replace(/^file:\/\//, '');
}

/** `lastS`: only the samples of the profile's last seconds (the measured load, before the server was stopped). */
export function summarise(profile: CpuProfile, top = 15, lastS = Infinity): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the sample's own time is the next delta.
  const sampledAt: number[] = [];
  let at = profile.endTime;
  for (let i = profile.samples.length - 1; i >= 0; i -= 1) {
    sampledAt[i] = at;
    at -= profile.timeDeltas[i]!;
  }
  for (let i = 0; i < profile.samples.length; i += 1) {
    if (profile.endTime - sampledAt[i]! > lastS * 1e6) continue;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + delta);
  }
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    totalUs += us;
    if (functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const where = url ? `${packageOf(url, functionName)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + us);
    const pkg = packageOf(url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => [key, us / 1000] as [string, number]);
  return {
    totalMs: totalUs / 1000,
    busyMs: (totalUs - idleUs) / 1000,
    byFunction: ranked(functions),
    byPackage: ranked(packages),
  };
}

export function summaryLines(summary: ProfileSummary): string[] {
  const line = ([key, ms]: [string, number]) =>
    `  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / summary.busyMs).toFixed(1).padStart(5)} %  ${key}`;
  return [
    `${summary.totalMs.toFixed(0)} ms sampled, ${summary.busyMs.toFixed(0)} ms of them not idle (the percentages' whole)`,
    'Self time by function:',
    ...summary.byFunction.map(line),
    'Self time by package or file:',
    ...summary.byPackage.map(line),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top, lastS] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top] [last seconds]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  for (const text of summaryLines(summarise(profile, Number(top ?? 15), Number(lastS ?? Infinity)))) console.log(text);
}
