/**
 * A stand-in for the compile child (src/api/grader/compile-child.ts) in the process pool's tests: the same
 * messages, and jobs that misbehave on request, with no Clang to load.
 */
import vm from 'node:vm';

export type TestChildRequest =
  | { action: 'echo'; value: string }
  | { action: 'sleep'; ms: number; value: string }
  | { action: 'spin' }
  | { action: 'grow' }
  | { action: 'heap' }
  | { action: 'exit'; code: number }
  | { action: 'throw' };

if (process.argv[2] === 'fail-to-start') {
  console.error('cannot load the compiler');
  process.exit(7);
}

process.on('SIGINT', () => undefined);
process.on('disconnect', () => process.exit(0));

let job: (() => unknown) | undefined;
const context = vm.createContext({ work: () => job!() });
const script = new vm.Script('work()');
const kept: unknown[] = [];

process.on('message', async ({ id, request }: { id: number; request: TestChildRequest }) => {
  try {
    let result: unknown;
    if (request.action === 'echo') result = request.value;
    else if (request.action === 'sleep') {
      await new Promise((resolve) => setTimeout(resolve, request.ms));
      result = request.value;
    } else if (request.action === 'exit') process.exit(request.code);
    else if (request.action === 'throw') throw new Error('the job blew up');
    else {
      job = () => {
        if (request.action === 'grow') for (;;) kept.push(Buffer.alloc(16 * 1024 * 1024, 1));
        if (request.action === 'heap') for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => ({ i })));
        for (;;);
      };
      result = script.runInContext(context, { breakOnSigint: true });
    }
    process.send!({ type: 'result', id, result });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED')
      process.send!({ type: 'interrupted', id });
    else process.send!({ type: 'failed', id, error: String(error) });
  }
});

process.send!({ type: 'ready' });
