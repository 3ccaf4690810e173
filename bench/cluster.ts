/**
 * `npm run bench -- --cluster`: requests per second of GET /courses/ through nginx with one and with two site
 * processes on one PostgreSQL (scripts/cluster.ts), and the ratio between them.
 */
import { startCluster } from '../scripts/cluster.js';
import { load, type LoadResult } from './wrk.js';

async function measure(processes: number, duration: number) {
  const cluster = await startCluster({ processes });
  try {
    const login = await fetch(`${cluster.url}/students/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'teacher@example.com', password: 'Teacher#2026' }),
    });
    const token = ((await login.json()) as { meta: { token: string } }).meta.token;
    // Each process loads Clang into its compile worker after it starts: let that finish before measuring.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const options = { connections: 50, bearerTokens: [token], headers: { 'accept-encoding': 'gzip, deflate, br' } };
    await load(`${cluster.url}/courses/`, { ...options, durationS: 2 });
    return await load(`${cluster.url}/courses/`, { ...options, durationS: duration });
  } finally {
    await cluster.stop();
  }
}

export async function benchCluster(duration: number): Promise<void> {
  console.log(`\nGET /courses/ through nginx, 50 connections, ${duration} s, PostgreSQL\n`);
  const one = await measure(1, duration);
  const line = (r: LoadResult) =>
    `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`;
  console.log(`  1 process:   ${line(one)}`);
  const two = await measure(2, duration);
  console.log(`  2 processes: ${line(two)}`);
  console.log(
    `  ratio 2/1: ${(two.rps / one.rps).toFixed(2)} (this machine has 2 cores, shared by nginx, PostgreSQL, the load generator and the site)`,
  );
}
