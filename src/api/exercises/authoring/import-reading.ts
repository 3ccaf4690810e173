/**
 * Reading an import, whole: a bank file (this site's JSON, or Moodle XML) or a Dodona folder, then the bounds of what
 * one import may add. Runs in the import worker (import-worker.ts), never on the web server's thread.
 */
import { IMPORT_LIMITS, type ImportInput } from '../../../contracts/exercises/authoring.js';
import { type ParsedBank, readBankFile } from './exercise-bank.js';
import { readDodonaFolders } from './dodona-folder.js';

/** `text` cut to `max` characters, with an ellipsis when it was longer. */
const brief = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * What one import may add: no more programs than a bank file holds, and no program larger than the editor could
 * save (a file named by many tests of a Dodona suite is copied into each of them). What is left out is named
 * briefly: a question's name (or a parser's message quoting the file) can be hundreds of kilobytes long.
 */
function withinImportBounds({ programs, skipped, dropped = [] }: ParsedBank): ParsedBank {
  const kept: ParsedBank = {
    programs: [],
    skipped: skipped.map(({ name, reason }) => ({ name: brief(name, 80), reason: brief(reason, 500) })),
    dropped: dropped.map(({ name, reason }) => ({ name: brief(name, 80), reason: brief(reason, 500) })),
  };
  for (const program of programs) {
    const name = brief(program.task.split('\n')[0]!, 80);
    if (kept.programs.length >= IMPORT_LIMITS.maxPrograms)
      kept.skipped.push({ name, reason: `an import adds at most ${IMPORT_LIMITS.maxPrograms} programs` });
    else if (Buffer.byteLength(JSON.stringify(program)) > IMPORT_LIMITS.programMaxBytes)
      kept.skipped.push({ name, reason: 'with its tests and files it is larger than 1 MB' });
    else kept.programs.push(program);
  }
  return kept;
}

/** The programs an import adds, and what it leaves out with why. */
export function readImport(input: ImportInput): ParsedBank {
  return withinImportBounds(input.files ? readDodonaFolders(input.files) : readBankFile(input.content ?? ''));
}
