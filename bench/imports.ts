/**
 * Imports on the built server as it runs: the teacher imports a Moodle export of 10,000 CodeRunner tests (200
 * questions of 50), a 3.9 MB Dodona folder, a 3.9 MB Moodle export, and the attack's file (question names of
 * 200,000 `<` and of spaces), one after another. Meanwhile a probe asks for the landing page (GET /) back to back:
 * an answer's wait is how long the server's event loop was held, since the reading itself runs in the import
 * worker. Target: every GET / during an import under 100 ms; the worst and the 95th percentile are printed.
 * bench/run.ts prints it; run alone with `npx tsx bench/imports.ts [--script=ANOTHER/server.js]` after `npm run build`.
 */
import { pathToFileURL } from 'node:url';
import { codeRunnerExport, dodonaFolder } from '../test/large-exports.js';
import { THROWAWAY_ADMIN, withThrowawaySite } from './site-server.js';
import { adminLogin } from './students.js';

export const IMPORT_STALL_TARGET_MS = 100;
const MB = 1_000_000;

export interface ImportFigures {
  label: string;
  bytes: number;
  status: number;
  imported: number;
  tests: number;
  importMs: number;
  probes: number;
  p50Ms: number;
  p95Ms: number;
  worstMs: number;
}

type Body = { content: string } | { files: { path: string; content: string }[] };

const sizeOf = (body: Body) =>
  'content' in body ? body.content.length : body.files.reduce((sum, file) => sum + file.content.length, 0);

/** The padding of each test that brings a file made by `make` to `bytes` (its size grows in step with it). */
function padded(make: (padding: number) => Body, bytes: number): Body {
  const small = sizeOf(make(0));
  const perChar = (sizeOf(make(100)) - small) / 100;
  return make(Math.floor((bytes - small) / perChar));
}

/** A Moodle export of the attack: each question's name a run of 200,000 `<`, or of spaces before a line's end. */
function attackExport(): Body {
  const names = ['<'.repeat(200_000), `a${' '.repeat(200_000)}b\n`, `${'<'.repeat(100_000)}${' \t'.repeat(50_000)}`];
  const questions = Array.from({ length: 18 }, (_, i) =>
    codeRunnerExport(1, 1)
      .replace(/^[\s\S]*?<question /, '<question ')
      .replace(/<\/quiz>\s*$/, '')
      .replace('<name><text>Sum 1</text></name>', `<name><text><![CDATA[${names[i % names.length]}]]></text></name>`),
  );
  return { content: `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n` };
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0;

async function importWhileProbing(base: string, token: string, label: string, body: Body): Promise<ImportFigures> {
  const payload = JSON.stringify(body);
  const waits: number[] = [];
  let importing = true;
  const probe = (async () => {
    while (importing) {
      const sent = performance.now();
      const page = await fetch(`${base}/`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
      await page.arrayBuffer();
      // Every request sent while the import was under way, however late its answer came (a held event loop
      // answers after the import).
      waits.push(performance.now() - sent);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/programs/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: payload,
  });
  const report = (await response.json()) as { imported?: { tests: number }[] };
  const importMs = performance.now() - started;
  importing = false;
  await probe;
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    label,
    bytes: sizeOf(body),
    status: response.status,
    imported: report.imported?.length ?? 0,
    tests: report.imported?.reduce((sum, program) => sum + program.tests, 0) ?? 0,
    importMs,
    probes: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    worstMs: sorted.at(-1) ?? 0,
  };
}

/**
 * The imports on a fresh server of their own (a throwaway SQLite database), each while GET / is probed. `script`:
 * another build of the server, to compare with (`--script=PATH` on its own).
 */
export async function benchImports({ script }: { script?: string } = {}): Promise<ImportFigures[]> {
  return withThrowawaySite(
    'imports',
    async ({ base }) => {
      const token = await adminLogin(base, THROWAWAY_ADMIN);
      const files: [string, Body][] = [
        ['a Moodle export of 10,000 CodeRunner tests', { content: codeRunnerExport(200, 50) }],
        ['a 3.9 MB Dodona folder (200 exercises)', padded((p) => ({ files: dodonaFolder(200, 50, p) }), 3.9 * MB)],
        [
          'a 3.9 MB Moodle export (200 questions)',
          padded((p) => ({ content: codeRunnerExport(200, 50, p) }), 3.9 * MB),
        ],
        ['the attack’s file (question names of 200,000 `<` or spaces)', attackExport()],
      ];
      const figures: ImportFigures[] = [];
      for (const [label, body] of files) figures.push(await importWhileProbing(base, token, label, body));
      return figures;
    },
    { env: { GRADER_WORKERS: '1' }, ...(script ? { script } : {}) },
  );
}

export function importLines(figures: ImportFigures[]): { lines: string[]; met: boolean[] } {
  const ms = (value: number) => value.toFixed(1);
  return {
    lines: figures.map(
      (f) =>
        `${f.label}, ${(f.bytes / MB).toFixed(2)} MB: ${f.status}, ${f.imported} programs with ${f.tests} tests in ` +
        `${(f.importMs / 1000).toFixed(1)} s; GET / meanwhile (${f.probes} answers): p50 ${ms(f.p50Ms)} ms, ` +
        `p95 ${ms(f.p95Ms)} ms, worst ${ms(f.worstMs)} ms`,
    ),
    met: figures.map((f) => f.probes > 0 && f.worstMs < IMPORT_STALL_TARGET_MS),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const script = process.argv.find((arg) => arg.startsWith('--script='))?.slice('--script='.length);
  const figures = await benchImports({ script });
  const { lines, met } = importLines(figures);
  for (const [i, line] of lines.entries()) {
    console.log(line);
    console.log(
      `  ${met[i] ? 'met    ' : 'NOT MET'}  GET / under ${IMPORT_STALL_TARGET_MS} ms during the import: worst ${figures[i]!.worstMs.toFixed(1)} ms`,
    );
  }
  process.exitCode = met.every(Boolean) ? 0 : 1;
}
