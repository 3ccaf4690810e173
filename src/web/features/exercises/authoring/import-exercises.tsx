import { useRef, useState } from 'react';
import { BANK_FILE_MAX_BYTES, FOLDER_MAX_FILES, type ImportInput } from '../../../../contracts/exercises/authoring';
import { plural } from '../../../../contracts/wording';
import { PanelError } from '../../../components/admin-panel';
import { useImportExercises } from './api';

/** The files of a Dodona exercise folder that an import reads (not its images or other media). */
const DODONA_FILE =
  /(^|\/)(dirconfig|config)\.json$|\/description\/(description\.[\w-]+\.(md|html)|boilerplate\/boilerplate)$|\/solution\/[^/]+\.c$|\/evaluation\//;

type Chosen = { kind: 'file'; file: File } | { kind: 'folder'; files: File[]; name: string };

/** What is sent: the file's text, or the folder's files with their paths (as long as they fit in 4 MB). */
async function bodyOf(chosen: Chosen): Promise<ImportInput> {
  if (chosen.kind === 'file') return { content: await chosen.file.text() };
  return {
    files: await Promise.all(
      chosen.files.map(async (file) => ({ path: file.webkitRelativePath || file.name, content: await file.text() })),
    ),
  };
}

function tooLargeMessage(chosen: Chosen | null): string | null {
  if (!chosen) return null;
  if (chosen.kind === 'file') return chosen.file.size > BANK_FILE_MAX_BYTES ? 'The file must be at most 4 MB.' : null;
  if (chosen.files.length === 0) return 'This folder has no config.json: choose a Dodona exercise folder.';
  if (chosen.files.length > FOLDER_MAX_FILES) return `At most ${FOLDER_MAX_FILES} files in a folder.`;
  const size = chosen.files.reduce((sum, file) => sum + file.size, 0);
  return size > BANK_FILE_MAX_BYTES ? 'The folder must be at most 4 MB.' : null;
}

/**
 * Import exercises: a file Export wrote, a Moodle XML export with CodeRunner C questions, or a Dodona exercise
 * folder (one exercise, or a folder of them). Each program is added with its tests; what could not be imported is
 * listed with why.
 */
export function ImportExercises() {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  // One import at a time: choosing a file clears the folder chosen, and the other way round.
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const upload = useImportExercises();
  const problem = tooLargeMessage(chosen);
  const report = upload.data;
  const choose = (next: Chosen | null) => {
    setChosen(next);
    upload.reset();
  };
  return (
    <section className="mt-4" aria-labelledby="import-exercises-title">
      <h3 className="h5" id="import-exercises-title">
        Import exercises
      </h3>
      <form
        className="d-flex flex-wrap gap-3 align-items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen && !problem) void bodyOf(chosen).then((body) => upload.mutate(body));
        }}
      >
        <div>
          <label className="form-label" htmlFor="import-file">
            A file exported here (.json) or a Moodle XML export with CodeRunner C questions (.xml)
          </label>
          <input
            id="import-file"
            className="form-control"
            type="file"
            accept=".json,.xml,application/json,text/xml,application/xml"
            ref={fileInput}
            aria-describedby={problem && chosen?.kind === 'file' ? 'import-error' : undefined}
            onChange={(event) => {
              if (folderInput.current) folderInput.current.value = '';
              const file = event.target.files?.[0];
              choose(file ? { kind: 'file', file } : null);
            }}
          />
        </div>
        <div>
          <label className="form-label" htmlFor="import-folder">
            Or a Dodona exercise folder (with its config.json and a TESTed test suite)
          </label>
          <input
            id="import-folder"
            className="form-control"
            type="file"
            // A folder, with every file under it (the attribute every current browser reads).
            {...{ webkitdirectory: '' }}
            multiple
            ref={folderInput}
            aria-describedby={problem && chosen?.kind === 'folder' ? 'import-error' : undefined}
            onChange={(event) => {
              if (fileInput.current) fileInput.current.value = '';
              const all = [...(event.target.files ?? [])];
              const files = all.filter((file) => DODONA_FILE.test(file.webkitRelativePath || file.name));
              const name = all[0]?.webkitRelativePath.split('/')[0] ?? '';
              choose(all.length ? { kind: 'folder', files, name } : null);
            }}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={!chosen || !!problem || upload.isPending}>
          {upload.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {chosen?.kind === 'folder' && !problem ? (
        <p className="small text-body-secondary mt-1 mb-0">
          {chosen.name}: {plural(chosen.files.length, 'file')} to read.
        </p>
      ) : null}
      {problem ? (
        <div id="import-error" className="invalid-feedback d-block">
          {problem}
        </div>
      ) : null}
      <PanelError error={upload.error} />
      {report ? (
        <div className="mt-2" role="status">
          <p className="mb-1">
            Imported {plural(report.imported.length, 'program')}
            {report.imported.length ? ':' : '.'}
          </p>
          {report.imported.length ? (
            <ul>
              {report.imported.map((program) => (
                <li key={program.id}>
                  Program {program.program_number}: {program.task.split('\n')[0]} ({plural(program.tests, 'test case')})
                </li>
              ))}
            </ul>
          ) : null}
          {report.skipped.length ? (
            <>
              <p className="mb-1">Not imported:</p>
              <ul>
                {report.skipped.map((skipped, index) => (
                  <li key={index}>
                    {skipped.name}: {skipped.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {report.dropped.length ? (
            <>
              <p className="mb-1">Imported, but not carried over:</p>
              <ul>
                {report.dropped.map((dropped, index) => (
                  <li key={index}>
                    {dropped.name}: {dropped.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
