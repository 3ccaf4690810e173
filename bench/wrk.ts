/**
 * Load from wrk (Debian's `wrk`, C, one thread): it reads answers far more cheaply than a Node load generator, so
 * on two cores more of the machine is left to the server being measured. Installed with apt-get when missing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  /** Requests per second, averaged over the run. */
  rps: number;
  total: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** Socket errors and timeouts, and answers other than 2xx/3xx. */
  errors: number;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
  method?: 'POST';
  body?: string;
  /** A new X-Forwarded-For for each request. */
  varyIp?: boolean;
  /** Signed in: each request carries the next of these tokens in turn, as requests from many students would. */
  bearerTokens?: string[];
}

const SCRIPT = fileURLToPath(new URL('./wrk-report.lua', import.meta.url));
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export function ensureWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary is a problem.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    if (process.getuid?.() !== 0) throw new Error('The bench needs wrk: sudo apt-get install wrk');
    console.log('Installing wrk (Debian package)…');
    execFileSync(
      'sh',
      [
        '-c',
        'apt-get install -y wrk >/dev/null 2>&1 || (apt-get update >/dev/null && apt-get install -y wrk >/dev/null)',
      ],
      { stdio: 'inherit' },
    );
  }
}

export function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationS}s`, '--timeout', '10s', '-s', SCRIPT];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const env = {
    ...process.env,
    ...(options.method ? { WRK_METHOD: options.method } : {}),
    ...(options.body ? { WRK_BODY: options.body } : {}),
    ...(options.varyIp ? { WRK_VARY_IP: '1' } : {}),
    ...(options.bearerTokens ? { WRK_TOKENS: options.bearerTokens.join(',') } : {}),
  };
  return new Promise((resolve, reject) => {
    // Pinned to the last core, so the scheduler doesn't bounce the load generator across the server's cores.
    const last = String(availableParallelism() - 1);
    const child = hasTaskset
      ? spawn('taskset', ['-c', last, 'wrk', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] })
      : spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('WRK_RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${output}`));
      const r = JSON.parse(line.slice('WRK_RESULT '.length)) as {
        requests: number;
        duration_us: number;
        errors: number;
        non2xx: number;
        p50: number;
        p95: number;
        p99: number;
      };
      resolve({
        rps: r.requests / (r.duration_us / 1e6),
        total: r.requests,
        p50: r.p50,
        p95: r.p95,
        p99: r.p99,
        errors: r.errors + r.non2xx,
      });
    });
  });
}
