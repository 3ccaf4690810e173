/**
 * `npm run bench -- --cluster`: requests per second of GET /courses/ through nginx with one and with two site
 * processes on one PostgreSQL (scripts/cluster.ts), and the ratio between them.
 */
import autocannon from 'autocannon';
import { startCluster } from '../scripts/cluster.js';

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
    const options = { url: `${cluster.url}/courses/`, connections: 50, headers: { authorization: `Bearer ${token}` } };
    await autocannon({ ...options, duration: 2 });
    return await autocannon({ ...options, duration });
  } finally {
    await cluster.stop();
  }
}

export async function benchCluster(duration: number): Promise<void> {
  console.log(`\nGET /courses/ through nginx, 50 connections, ${duration} s, PostgreSQL\n`);
  const one = await measure(1, duration);
  console.log(`  1 process:  ${one.requests.average.toFixed(0)} req/s, p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms, ${one.errors + one.non2xx} errors`);
  const two = await measure(2, duration);
  console.log(`  2 processes: ${two.requests.average.toFixed(0)} req/s, p50 ${two.latency.p50} ms, p99 ${two.latency.p99} ms, ${two.errors + two.non2xx} errors`);
  console.log(`  ratio 2/1: ${(two.requests.average / one.requests.average).toFixed(2)} (this machine has 2 cores, shared by nginx, PostgreSQL, the load generator and the site)`);
}
