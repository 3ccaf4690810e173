/** Worker thread: compiles one C file to WebAssembly (WASI) with Clang, itself running as WebAssembly. */
import { parentPort } from 'node:worker_threads';
import { Exit, runClang } from '@yowasp/clang';

export interface CompileRequest {
  code: string;
  flags: string[];
  outputMaxBytes: number;
}

export interface CompileResponse {
  ok: boolean;
  output: string;
  wasm: Uint8Array | null;
}

async function compile({ code, flags, outputMaxBytes }: CompileRequest): Promise<CompileResponse> {
  const decoder = new TextDecoder();
  let output = '';
  const collect = (bytes: Uint8Array | null) => {
    if (bytes && output.length < outputMaxBytes) output += decoder.decode(bytes, { stream: true });
  };
  try {
    const files = await runClang(['clang', ...flags, 'main.c', '-o', 'main.wasm'], { 'main.c': code }, {
      stdout: collect,
      stderr: collect,
      fetchProgress: () => undefined,
    });
    const wasm = files?.['main.wasm'];
    if (!(wasm instanceof Uint8Array)) return { ok: false, output: `${output}\nThe compiler produced no program.`, wasm: null };
    return { ok: true, output: output.slice(0, outputMaxBytes), wasm };
  } catch (error) {
    if (error instanceof Exit) return { ok: false, output: output.slice(0, outputMaxBytes), wasm: null };
    throw error;
  }
}

parentPort?.on('message', ({ id, request }: { id: number; request: CompileRequest }) => {
  compile(request).then(
    (result) => parentPort?.postMessage({ id, ok: true, result }, result.wasm ? [result.wasm.buffer as ArrayBuffer] : []),
    (error: unknown) => parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
