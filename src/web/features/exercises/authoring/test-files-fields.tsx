import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { FILE_LIMITS } from '../../../../contracts/exercises/limits';
import { FieldError } from '../../../components/field-error';
import { Input, Textarea } from '../../../components/form-kit';
import type { ExerciseForm } from './test-case-fields';

type Kind = 'files' | 'expected_files';

const words: Record<Kind, { title: string; one: string; hint: string }> = {
  files: {
    title: 'Input files',
    one: 'input file',
    hint: 'In the program’s folder when it starts: it opens them by name, e.g. fopen("marks.txt", "r").',
  },
  expected_files: {
    title: 'Expected files',
    one: 'expected file',
    hint: 'Files the program must leave behind, each checked the way the output is.',
  },
};

interface Props {
  index: number;
  kind: Kind;
  control: Control<ExerciseForm>;
  register: UseFormRegister<ExerciseForm>;
  errors: NonNullable<FieldErrors<ExerciseForm>['tests']>[number];
}

/** A test case's input files, or the files it expects the program to write: a name and its text each. */
export function TestFilesFields({ index, kind, control, register, errors }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: `tests.${index}.${kind}` });
  const { title, one, hint } = words[kind];
  const fileErrors = errors?.[kind];
  const id = `test-${kind.replace('_', '-')}-${index}`;
  return (
    <div className="col-12">
      <div className="fw-semibold">{title}</div>
      <div id={`${id}-hint`} className="form-text mt-0 mb-1">
        {hint}
      </div>
      {fields.map((file, at) => (
        <div key={file.id} className="row g-2 mb-2 test-file">
          <Input
            id={`${id}-name-${at}`}
            containerClassName="col-md-4"
            label={`Name of ${one} ${at + 1}`}
            className="form-control code-input"
            spellCheck={false}
            placeholder="marks.txt"
            {...register(`tests.${index}.${kind}.${at}.name`)}
            error={fileErrors?.[at]?.name}
          />
          <Textarea
            id={`${id}-content-${at}`}
            containerClassName="col-md-6"
            label={`Content of ${one} ${at + 1}`}
            className="form-control code-input"
            rows={3}
            spellCheck={false}
            {...register(`tests.${index}.${kind}.${at}.content`)}
            error={fileErrors?.[at]?.content}
          />
          <div className="col-md-2 d-flex align-items-end">
            <button type="button" className="btn btn-sm btn-outline-danger mb-1" onClick={() => remove(at)}>
              Remove {one} {at + 1}
            </button>
          </div>
        </div>
      ))}
      <FieldError id={id} error={fileErrors?.root ?? fileErrors} />
      {fields.length < FILE_LIMITS.maxTestFiles ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-describedby={`${id}-hint`}
          onClick={() => append({ name: '', content: '' })}
        >
          Add an {one}
        </button>
      ) : null}
    </div>
  );
}
