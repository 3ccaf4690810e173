import { useState } from 'react';
import { BANK_FILE_MAX_BYTES } from '../../../contracts/exercises';
import { plural } from '../../../contracts/wording';
import { PanelError } from '../../components/admin-panel';
import { useImportExercises } from './api';

/**
 * Import exercises: a file Export wrote, or a Moodle XML export with CodeRunner C questions. Each program is added
 * with its tests; what could not be imported is listed with why.
 */
export function ImportExercises() {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useImportExercises();
  const report = upload.data;
  return (
    <section className="mt-4" aria-labelledby="import-exercises-title">
      <h3 className="h5" id="import-exercises-title">
        Import exercises
      </h3>
      <form
        className="d-flex flex-wrap gap-2 align-items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) void file.text().then((content) => upload.mutate(content));
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
            aria-describedby={tooLarge ? 'import-file-error' : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setTooLarge(!!chosen && chosen.size > BANK_FILE_MAX_BYTES);
              setFile(chosen);
              upload.reset();
            }}
          />
          {tooLarge ? (
            <div id="import-file-error" className="invalid-feedback d-block">
              The file must be at most 4 MB.
            </div>
          ) : null}
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={!file || tooLarge || upload.isPending}>
          {upload.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
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
        </div>
      ) : null}
    </section>
  );
}
