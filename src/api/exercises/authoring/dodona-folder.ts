/**
 * Dodona exercise folders, read where they map cleanly: `config.json` (with the `dirconfig.json` of the folders
 * above it), the description in `description/description.en.md` (or another language), the starter code in
 * `description/boilerplate/boilerplate`, the solution in `solution/*.c`, and a TESTed test suite in `evaluation/`
 * whose tests give standard input, arguments and input files and expect standard output and output files. Tests in
 * TESTed's own expression language (calls, return values, exceptions, exit codes) have no equal for a C program
 * here: an exercise that has one is left out with the reason, never half-imported.
 */
import { parse as parseYaml, type Tags } from 'yaml';
import {
  type BankProgram,
  bankProgramSchema,
  type ImportSkipped,
  testCaseInputSchema,
} from '../../../contracts/exercises/authoring.js';
import { EXERCISE_LIMITS, FILE_LIMITS } from '../../../contracts/exercises/limits.js';
import type { ParsedBank } from './exercise-bank.js';

export interface FolderFile {
  path: string;
  content: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `!path x` in a suite names a file of the evaluation folder (TESTed's tag). */
const pathTag: Tags[number] = { tag: '!path', resolve: (value: string) => ({ path: value }) };

/** Thrown for a part of an exercise that does not map; its message is the reason given. */
class Unmappable extends Error {}

const dirname = (path: string) => path.split('/').slice(0, -1).join('/');
const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

function readJson(text: string, name: string): Json {
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return value;
  } catch {
    // Reported below.
  }
  throw new Unmappable(`${name} is not a JSON object`);
}

/** At most this many of a config's description names are read (Dodona's own are two, en and nl). */
const MAX_NAMES = 20;

/** A value as merging sees it: an object (merged key by key), a list, or a value that replaces; objects kept empty. */
const shape = (value: unknown): unknown => (isObject(value) ? {} : Array.isArray(value) ? [] : value);

/** The keys of `from` among `keys`, each as `read` gives it. */
function pick(from: Json, keys: string[], read: (value: unknown, key: string) => unknown = shape): Json {
  const picked: Json = Object.create(null) as Json;
  for (const key of keys) if (Object.hasOwn(from, key)) picked[key] = read(from[key], key);
  return picked;
}

/**
 * What an import reads of a config: the language, the judge and its suite's name, the description's names and the
 * first label, each of the same kind as in the file, so merging these gives what merging the whole files gave. A
 * dirconfig.json above many exercises is so read once, and merged small, rather than whole for each of them.
 */
function settingsOf(config: Json): Json {
  return pick(config, ['programming_language', 'evaluation', 'description', 'labels'], (value, key) => {
    if (key === 'labels' && Array.isArray(value)) return value.filter((label) => typeof label === 'string').slice(0, 1);
    if (key === 'evaluation' && isObject(value)) return pick(value, ['handler', 'test_suite', 'plan_name']);
    if (key === 'description' && isObject(value))
      return pick(value, ['names'], (names) =>
        isObject(names) ? pick(names, Object.keys(names).slice(0, MAX_NAMES)) : shape(names),
      );
    return shape(value);
  });
}

/** The folders that hold a dirconfig.json, as a tree: a root's are found by walking its path once. */
interface ConfigFolder {
  sub: Map<string, ConfigFolder>;
  dirconfig?: string;
}

/** config.json over the dirconfig.json of each folder above it (nearest last). */
function configOf(folder: Folder, root: string): Json {
  const layers: string[] = [];
  let dir: ConfigFolder | undefined = folder.configs;
  for (const segment of root ? ['', ...root.split('/')] : ['']) {
    dir = segment ? dir.sub.get(segment) : dir;
    if (!dir) break;
    if (dir.dirconfig) layers.push(dir.dirconfig);
  }
  const merged: Json = Object.create(null) as Json;
  for (const path of layers) deepMerge(merged, folder.dirconfig(path));
  deepMerge(merged, settingsOf(readJson(folder.files.get(join(root, 'config.json'))!, 'config.json')));
  return merged;
}

/** Keys that would reach an object's prototype if merged: never copied. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Merges `source` into `target` (nested objects key by key, ten levels deep at most; past that, replaced). */
function deepMerge(target: Json, source: Json, depth = 0): void {
  for (const [key, value] of Object.entries(source)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = target[key];
    if (isObject(current) && isObject(value) && depth < 10) deepMerge(current, value, depth + 1);
    else target[key] = value;
  }
}

/** A setting that must be text: anything else counts as not given. */
const textSetting = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A channel's text: a string (or number), or `{ data | content | path }`, a path read from the evaluation folder. */
function textOf(value: unknown, readPath: (path: string) => string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isObject(value)) {
    const inner = value.data ?? value.content;
    if (inner !== undefined) return textOf(inner, readPath);
    if (typeof value.path === 'string') return readPath(value.path);
  }
  throw new Unmappable('a value it could not read');
}

/** How TESTed's text options map to a checker of ours: ignoring case, numbers, or spaces at line ends. */
function checkerOf(channel: unknown): { checker: string; tolerance?: number } {
  const config = isObject(channel) && isObject(channel.config) ? channel.config : {};
  if (isObject(channel) && channel.oracle !== undefined && channel.oracle !== 'builtin')
    throw new Unmappable('a test checks its output with its own oracle');
  if (config.tryFloatingPoint === true) {
    const places = typeof config.roundTo === 'number' ? Math.min(12, Math.max(0, Math.round(config.roundTo))) : 3;
    return { checker: 'numbers', tolerance: 10 ** -places };
  }
  if (config.caseInsensitive === true) return { checker: 'ignore_case' };
  // TESTed compares text without the final newline's difference: the trimmed check does the same, and more.
  return { checker: 'trimmed' };
}

const UNMAPPED = ['statement', 'expression', 'return', 'exception', 'stderr'] as const;

/**
 * A test case of TESTed's JSON suite (`{ input: { stdin, arguments }, output: { stdout, file, exit_code, … } }`) in
 * the YAML form's words, which the rest of the reading knows; a YAML test case as it is.
 */
function asDslTestcase(testcase: Json): Json {
  if (!isObject(testcase.input) && !isObject(testcase.output)) return testcase;
  const input = isObject(testcase.input) ? testcase.input : {};
  const output = isObject(testcase.output) ? testcase.output : {};
  // "none" and "ignored" are TESTed's words for a channel not checked.
  const given = (channel: unknown) =>
    channel === undefined || channel === 'none' || channel === 'ignored' ? undefined : channel;
  // TESTed's text data: `{ type: "text", data }`, or `{ type: "file", data: path }`.
  const text = (data: unknown) => (isObject(data) ? (data.type === 'file' ? { path: data.data } : data.data) : data);
  // A channel's oracle `{ type, options }`, as the YAML form says it: `oracle: custom_check`, `config: options`.
  const judged = (channel: Json) => {
    const oracle = isObject(channel.oracle) ? channel.oracle : {};
    return {
      ...(isObject(oracle.options) ? { config: oracle.options } : {}),
      ...(oracle.type !== undefined && oracle.type !== 'builtin' ? { oracle: String(oracle.type) } : {}),
    };
  };
  const dsl: Json = {};
  // A main call has stdin and arguments; anything else is a call of a function or a statement.
  if (input.main_call !== true && input.stdin === undefined && input.arguments === undefined) dsl.expression = input;
  if (given(input.stdin) !== undefined) dsl.stdin = text(input.stdin);
  if (input.arguments !== undefined) dsl.arguments = input.arguments;
  const stdout = given(output.stdout);
  if (stdout !== undefined) dsl.stdout = isObject(stdout) ? { data: text(stdout), ...judged(stdout) } : stdout;
  if (given(output.stderr) !== undefined) dsl.stderr = output.stderr;
  if (given(output.exception) !== undefined) dsl.exception = output.exception;
  if (given(output.result) !== undefined) dsl.return = output.result;
  const file = given(output.file);
  if (isObject(file)) dsl.file = { content: { path: file.expected_path }, location: file.actual_path, ...judged(file) };
  else if (file !== undefined) dsl.file = file;
  const exit = given(output.exit_code);
  if (exit !== undefined) dsl.exit_code = isObject(exit) ? (exit.value ?? 0) : exit;
  return dsl;
}

/** TESTed's `file` check: the file the program writes (`location`) and the evaluation's file it must equal. */
function fileCheckOf(file: unknown, readPath: (path: string) => string) {
  if (!isObject(file) || typeof file.location !== 'string') throw new Unmappable('a file check names no file');
  const expected = isObject(file.content) ? file.content.path : file.content;
  if (typeof expected !== 'string') throw new Unmappable('a file check names no expected file');
  return { name: file.location, content: readPath(expected) };
}

function filesOf(list: unknown, readPath: (path: string) => string) {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Unmappable('input_files is not a list');
  // Said before the files are read (and copied into each test): a test takes no more.
  if (list.length > FILE_LIMITS.maxTestFiles)
    throw new Unmappable(`a test is given more than ${FILE_LIMITS.maxTestFiles} input files`);
  return list.map((file) => {
    if (!isObject(file) || typeof file.path !== 'string') throw new Unmappable('an input file has no path');
    return {
      name: file.path,
      content: file.content === undefined ? readPath(file.path) : textOf(file.content, readPath),
    };
  });
}

function argumentsOf(list: unknown): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Unmappable("a test's arguments are not a list");
  return list.map((argument) => {
    if (typeof argument === 'string' || typeof argument === 'number' || typeof argument === 'boolean')
      return String(argument);
    throw new Unmappable("a test's argument is not text or a number");
  });
}

interface Level {
  visible: boolean;
  files: { name: string; content: string }[];
}

function readTestcase(given: unknown, level: Level, readPath: (path: string) => string) {
  if (!isObject(given)) throw new Unmappable('a test case is not an object');
  const testcase = asDslTestcase(given);
  const unmapped = UNMAPPED.find((key) => testcase[key] !== undefined);
  if (unmapped)
    throw new Unmappable(`a test uses “${unmapped}”, which a C program's standard input and output cannot check`);
  // A test here passes only when the program ends with 0: an exit code of 0 is what it checks already.
  const exit = testcase.exit_code;
  if (exit !== undefined && exit !== 0)
    throw new Unmappable(
      `a test expects exit code ${String(exit).slice(0, 20)}; a test here passes only when the program ends with 0`,
    );
  const outputs = testcase.output_files;
  const listed =
    outputs === undefined ? [] : Array.isArray(outputs) ? outputs : isObject(outputs) ? outputs.data : undefined;
  if (!Array.isArray(listed)) throw new Unmappable('output_files is not a list');
  const expectedFiles = listed.map((file: unknown) => {
    if (!isObject(file) || typeof file.path !== 'string') throw new Unmappable('an output file has no path');
    return { name: file.path, content: textOf(file.content, readPath) };
  });
  if (testcase.file !== undefined) expectedFiles.push(fileCheckOf(testcase.file, readPath));
  if (testcase.stdout === undefined && expectedFiles.length === 0) throw new Unmappable('a test expects no output');
  const { checker, tolerance } = checkerOf(testcase.stdout ?? outputs ?? testcase.file);
  const parsed = testCaseInputSchema.safeParse({
    stdin: testcase.stdin === undefined ? '' : textOf(testcase.stdin, readPath),
    expected_output: testcase.stdout === undefined ? '' : textOf(testcase.stdout, readPath),
    checker: testcase.stdout === undefined ? 'ignore' : checker,
    ...(tolerance === undefined ? {} : { tolerance }),
    args: argumentsOf(testcase.arguments),
    files: withNames([...level.files, ...filesOf(testcase.input_files, readPath)]),
    expected_files: expectedFiles,
    visible: level.visible,
    points: 1,
  });
  if (!parsed.success) throw new Unmappable(parsed.error.issues[0]?.message ?? 'a test is not valid');
  return parsed.data;
}

/** Files by name, a later one (a test's own) standing in for an earlier one of the same name (the workdir's). */
function withNames(files: { name: string; content: string }[]) {
  return [...new Map(files.map((file) => [file.name, file])).values()];
}

/** The tests of a suite: a list of tabs, or `{ tabs }` / `{ units }`, each with testcases (or contexts of them). */
function readSuite(suite: unknown, readPath: (path: string) => string, workdir: { name: string; content: string }[]) {
  const root = isObject(suite) ? suite : { tabs: suite };
  const groups = root.tabs ?? root.units;
  if (!Array.isArray(groups)) throw new Unmappable('its test suite has no tabs');
  const top = [...workdir, ...filesOf(root.input_files, readPath)];
  const tests = [];
  for (const group of groups) {
    if (!isObject(group)) throw new Unmappable('a tab is not an object');
    const level = { visible: group.hidden !== true, files: [...top, ...filesOf(group.input_files, readPath)] };
    const contexts = group.contexts ?? group.cases;
    const lists = Array.isArray(contexts)
      ? contexts.map((context) => {
          if (!isObject(context)) throw new Unmappable('a context is not an object');
          const files = [...level.files, ...filesOf(context.input_files, readPath)];
          return { level: { ...level, files }, cases: context.testcases ?? context.script };
        })
      : [{ level, cases: group.testcases }];
    for (const { level: own, cases } of lists) {
      if (!Array.isArray(cases)) throw new Unmappable('a tab has no test cases');
      for (const testcase of cases) {
        // A YAML alias can name one long list many times: reading stops once the program could take no more.
        if (tests.length === EXERCISE_LIMITS.maxTests)
          throw new Unmappable(`it has more than ${EXERCISE_LIMITS.maxTests} test cases, the most a program takes`);
        tests.push(readTestcase(testcase, own, readPath));
      }
    }
  }
  if (tests.length === 0) throw new Unmappable('it has no test cases');
  return tests;
}

/** The folder's files: each by its path, the paths in each folder, and the dirconfig.json files (each read once). */
interface Folder {
  files: Map<string, string>;
  inFolder: Map<string, string[]>;
  /** The folders directly inside each folder (that hold a file somewhere below). */
  subfolders: Map<string, Set<string>>;
  configs: ConfigFolder;
  dirconfig(path: string): Json;
}

/** The files chosen, indexed so that no exercise's reading goes through every file or every folder above it. */
function indexed(files: Map<string, string>): Folder {
  const inFolder = new Map<string, string[]>();
  const subfolders = new Map<string, Set<string>>();
  const configs: ConfigFolder = { sub: new Map() };
  for (const path of files.keys()) {
    const dir = dirname(path);
    const paths = inFolder.get(dir);
    if (paths) paths.push(path);
    else inFolder.set(dir, [path]);
    // Each folder once: a folder already known has its parents known too.
    for (let folder = dir; folder && !subfolders.get(dirname(folder))?.has(folder); folder = dirname(folder)) {
      const parent = dirname(folder);
      const known = subfolders.get(parent);
      if (known) known.add(folder);
      else subfolders.set(parent, new Set([folder]));
    }
    if (path.split('/').pop() !== 'dirconfig.json') continue;
    let node = configs;
    for (const segment of dir ? dir.split('/') : []) {
      let next = node.sub.get(segment);
      if (!next) node.sub.set(segment, (next = { sub: new Map() }));
      node = next;
    }
    node.dirconfig = path;
  }
  const read = new Map<string, Json | Unmappable>();
  return {
    files,
    inFolder,
    subfolders,
    configs,
    dirconfig(path) {
      if (!read.has(path)) {
        try {
          read.set(path, settingsOf(readJson(files.get(path)!, path)));
        } catch (error) {
          if (!(error instanceof Unmappable)) throw error;
          read.set(path, error);
        }
      }
      const settings = read.get(path)!;
      if (settings instanceof Unmappable) throw settings;
      return settings;
    },
  };
}

function descriptionOf({ files, inFolder }: Folder, root: string, config: Json): string {
  const dir = join(root, 'description');
  const names = isObject(config.description) && isObject(config.description.names) ? config.description.names : {};
  for (const language of ['en', ...Object.keys(names)]) {
    const markdown = files.get(join(dir, `description.${language}.md`));
    const title = typeof names[language] === 'string' ? (names[language] as string) : '';
    if (markdown !== undefined) return [title, markdown.trim()].filter(Boolean).join('\n\n');
  }
  const any = (inFolder.get(dir) ?? []).find((path) =>
    /^description\.\w+\.(md|html)$/.test(path.slice(dir.length + 1)),
  );
  if (any) return files.get(any)!.trim();
  throw new Unmappable('it has no description/description.en.md');
}

function readExercise(folder: Folder, root: string): BankProgram {
  const { files } = folder;
  const config = configOf(folder, root);
  // Dodona keeps what a whole folder of exercises shares (language, judge) in its dirconfig.json: an exercise chosen
  // alone, without the folders above it, may say neither.
  const above =
    folder.configs.sub.size === 0 && !folder.configs.dirconfig
      ? ': it may be set in a dirconfig.json of a folder above it; choose that folder instead'
      : '';
  const language = textSetting(config.programming_language);
  if (!language) throw new Unmappable(`its programming language is not given${above || ', so it is not C'}`);
  if (language !== 'c') throw new Unmappable(`it is written for ${language}, not C`);
  const evaluation = isObject(config.evaluation) ? config.evaluation : {};
  const handler = textSetting(evaluation.handler);
  if (!handler) throw new Unmappable(`its judge is not given${above || '; only TESTed test suites map'}`);
  if (handler.toLowerCase() !== 'tested')
    throw new Unmappable(`it is judged by ${handler}; only TESTed test suites map`);
  const suiteName = textSetting(evaluation.test_suite) || textSetting(evaluation.plan_name) || 'suite.yaml';
  const evaluationDir = join(root, 'evaluation');
  const suiteText = files.get(join(evaluationDir, suiteName));
  if (suiteText === undefined) throw new Unmappable(`its test suite evaluation/${suiteName} is not in the folder`);
  const readPath = (path: string) => {
    const found = files.get(join(join(evaluationDir, 'workdir'), path)) ?? files.get(join(evaluationDir, path));
    if (found === undefined) throw new Unmappable(`it names ${path}, which is not in its evaluation folder`);
    return found;
  };
  let suite: unknown;
  try {
    // A key given twice counts once, its last value, as in TESTed's own reader; checking each key against all
    // the others before it took time that grew with the square of a mapping's keys.
    suite = parseYaml(suiteText, { customTags: [pathTag], maxAliasCount: 100, uniqueKeys: false });
  } catch (error) {
    throw new Unmappable(
      `its test suite is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : error})`,
    );
  }
  // TESTed copies its workdir into the folder every test runs in.
  const workdirPath = join(evaluationDir, 'workdir');
  const inWorkdir = folder.subfolders.get(workdirPath)?.values().next().value;
  if (inWorkdir !== undefined)
    throw new Unmappable(
      `its workdir has a folder (${inWorkdir.slice(workdirPath.length + 1)}); a program's folder here has none`,
    );
  const workdir = (folder.inFolder.get(workdirPath) ?? []).map((path) => ({
    name: path.slice(workdirPath.length + 1),
    content: files.get(path)!,
  }));
  if (workdir.length > FILE_LIMITS.maxTestFiles)
    throw new Unmappable(
      `its workdir holds ${workdir.length} files; a test here is given at most ${FILE_LIMITS.maxTestFiles}`,
    );
  const solution = (folder.inFolder.get(join(root, 'solution')) ?? []).find((path) => path.endsWith('.c'));
  const labels = Array.isArray(config.labels) ? config.labels.filter((label) => typeof label === 'string') : [];
  const checked = bankProgramSchema.safeParse({
    task: descriptionOf(folder, root, config),
    starter_code: files.get(join(root, 'description/boilerplate/boilerplate')) ?? '',
    reference_solution: solution ? files.get(solution) : '',
    topic: labels[0]?.slice(0, 60) ?? '',
    tests: readSuite(suite, readPath, workdir),
  });
  if (!checked.success) throw new Unmappable(checked.error.issues[0]?.message ?? 'it is not valid');
  return checked.data;
}

/** Every exercise (a folder with a config.json) among the files of the folder chosen. */
export function readDodonaFolders(list: FolderFile[]): ParsedBank {
  const files = new Map(list.map((file) => [file.path.replace(/^\.?\//, ''), file.content]));
  const folder = indexed(files);
  const roots = [...files.keys()]
    .filter((path) => path.split('/').pop() === 'config.json')
    .map(dirname)
    .sort();
  const parsed: ParsedBank = { programs: [], skipped: [] };
  if (roots.length === 0)
    parsed.skipped.push({ name: 'the folder', reason: 'it has no config.json: choose a Dodona exercise folder' });
  for (const root of roots) {
    try {
      parsed.programs.push(readExercise(folder, root));
    } catch (error) {
      // Whatever else stops the reading (a config nested beyond reason, say) leaves out this exercise alone.
      const reason =
        error instanceof Unmappable
          ? error.message
          : error instanceof RangeError
            ? 'it is nested too deeply to read'
            : 'it could not be read';
      const skip: ImportSkipped = { name: root || 'the folder', reason };
      parsed.skipped.push(skip);
    }
  }
  return parsed;
}
