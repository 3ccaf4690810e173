/**
 * A build is a few programs run in turn: Clang's compiler proper (`clang -cc1`), then the linker (`wasm-ld`).
 * @yowasp/clang's `runClang` asks Clang's driver which, anew for every build (`clang -###`, an instance of the whole
 * toolchain of its own, 40–100 ms). The grader's builds are a few kinds, each the same every time but for its
 * files: each kind's commands are asked once, kept, and run directly (`runPlanned`).
 */
import { runLLVM, type RunOptions, type Tree } from '@yowasp/clang';

const plans = new Map<string, string[][]>();

/** The words of one command line as the driver prints it with -###: bare, or quoted with \\ escapes. */
function unquote(line: string): string[] {
  return Array.from(line.matchAll(/ (?:([^ "]+)|"((?:[^"\\$]|\\["\\$])*)")/g), (match) =>
    match[1] !== undefined ? match[1] : match[2]!.replaceAll(/\\(["$\\])/g, '$1'),
  );
}

/** The commands `clang args` runs, asked of the driver once (given files of the same names). */
function planOf(args: string[], files: Tree): string[][] {
  const key = args.join('\u0000');
  const known = plans.get(key);
  if (known) return known;
  const chunks: Uint8Array[] = [];
  const collect = (bytes: Uint8Array | null) => {
    if (bytes) chunks.push(bytes.slice());
  };
  runLLVM(['clang', '-###', ...args], files, { stdout: collect, stderr: collect, synchronously: true });
  const commands = Buffer.concat(chunks)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith(' "'))
    .map((line) => {
      const words = unquote(line);
      return words[0] === '' ? words.slice(1) : words;
    });
  if (commands.length === 0) throw new Error(`clang's driver planned nothing for: ${args.join(' ')}`);
  plans.set(key, commands);
  return commands;
}

/** Runs `clang args` on these files as `runClang` would, synchronously, without asking the driver again. */
export function runPlanned(args: string[], files: Tree, options: Omit<RunOptions, 'synchronously'>): Tree {
  let tree = files;
  for (const command of planOf(args, files)) tree = runLLVM(command, tree, { ...options, synchronously: true }) as Tree;
  delete tree.tmp;
  return tree;
}
