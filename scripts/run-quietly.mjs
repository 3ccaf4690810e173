// A command run with its output kept, printed whole when it ends: typecheck, lint and the build are each mostly one
// thread, so on two cores they run side by side, and their logs stay one after the other. Resolves to whether it
// passed.
import { spawn } from 'node:child_process';

export function runQuietly(label, command, args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status) => {
      console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(chunks));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`=== ${label}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds} s`);
      resolve(status === 0);
    });
  });
}
