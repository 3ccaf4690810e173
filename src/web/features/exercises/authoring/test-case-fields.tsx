import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useWatch,
} from 'react-hook-form';
import type { z } from 'zod';
import { checkerHints, checkerKinds, checkerLabels } from '../../../../contracts/checkers';
import type { exerciseInputSchema } from '../../../../contracts/exercises/authoring';
import type { TestShownWhen } from '../../../../contracts/exercises/limits';
import { Checkbox, FormField, Input, Select, Textarea } from '../../../components/form-kit';
import { TestFilesFields } from './test-files-fields';

export type ExerciseForm = z.input<typeof exerciseInputSchema>;

/** A test's display (CodeRunner's SHOW, HIDE_IF_FAIL, HIDE_IF_SUCCEED and HIDE), as the teacher chooses it. */
const shownChoices: [TestShownWhen | 'never', string][] = [
  ['always', 'Always (an example, before they submit too)'],
  ['when_passed', 'Only when it passes'],
  ['when_failed', 'Only when it fails'],
  ['never', 'Never (a hidden test: its verdict only)'],
];

interface Props {
  index: number;
  control: Control<ExerciseForm>;
  register: UseFormRegister<ExerciseForm>;
  setValue: UseFormSetValue<ExerciseForm>;
  errors: FieldErrors<ExerciseForm>['tests'];
  onRemove: () => void;
}

/** One test case of the teacher's editor: input, arguments, expected output and how it is checked, points. */
export function TestCaseFields({ index, control, register, setValue, errors, onRemove }: Props) {
  const checker = useWatch({ control, name: `tests.${index}.checker` }) ?? 'trimmed';
  const shown = useWatch({ control, name: `tests.${index}.shown` }) ?? 'always';
  const error = errors?.[index];
  const argsId = `test-args-${index}`;
  return (
    <fieldset className="border rounded p-2 mt-3">
      <legend className="float-none w-auto px-1 fs-6 mb-0">Test {index + 1}</legend>
      <div className="row g-2">
        <Textarea
          id={`test-stdin-${index}`}
          containerClassName="col-md-6"
          label="Input"
          className="form-control code-input"
          rows={3}
          spellCheck={false}
          {...register(`tests.${index}.stdin`)}
          error={error?.stdin}
        />
        <Textarea
          id={`test-expected-${index}`}
          containerClassName="col-md-6"
          label={checker === 'regex' ? 'Expected output (a pattern)' : 'Expected output'}
          hint={checkerHints[checker]}
          className="form-control code-input"
          rows={3}
          spellCheck={false}
          {...register(`tests.${index}.expected_output`)}
          error={error?.expected_output}
        />
        <Textarea
          id={`test-code-${index}`}
          containerClassName="col-12"
          label="Test code (for a function exercise)"
          hint="C statements that call the student's functions, e.g. int a[] = {3, 9}; assert_eq(max(a, 2), 9); — or assert(expression). Leave empty when the student writes a whole program with main."
          className="form-control code-input"
          rows={3}
          spellCheck={false}
          {...register(`tests.${index}.test_code`)}
          error={error?.test_code}
        />
        <Select
          id={`test-checker-${index}`}
          containerClassName="col-md-6"
          label="Output is checked as"
          {...register(`tests.${index}.checker`)}
          error={error?.checker}
        >
          {checkerKinds.map((kind) => (
            <option key={kind} value={kind}>
              {checkerLabels[kind]}
            </option>
          ))}
        </Select>
        {checker === 'numbers' ? (
          <Input
            id={`test-tolerance-${index}`}
            containerClassName="col-6 col-md-3"
            label="Tolerance (±)"
            type="number"
            min={0}
            step="any"
            {...register(`tests.${index}.tolerance`)}
            error={error?.tolerance}
          />
        ) : null}
        <Controller
          control={control}
          name={`tests.${index}.args`}
          render={({ field }) => (
            <FormField
              id={argsId}
              containerClassName="col-md-6"
              label="Command-line arguments"
              hint="One per line: what the program gets in argv[1], argv[2], …"
              error={error?.args?.root ?? error?.args}
            >
              <textarea
                id={argsId}
                className="form-control code-input"
                rows={2}
                spellCheck={false}
                aria-describedby={`${argsId}-hint`}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={(field.value ?? []).join('\n')}
                onChange={(event) => field.onChange(event.target.value === '' ? [] : event.target.value.split('\n'))}
              />
            </FormField>
          )}
        />
        <TestFilesFields index={index} kind="files" control={control} register={register} errors={error} />
        <TestFilesFields index={index} kind="expected_files" control={control} register={register} errors={error} />
        <Input
          id={`test-points-${index}`}
          containerClassName="col-auto"
          label="Points"
          type="number"
          min={0}
          max={100}
          {...register(`tests.${index}.points`)}
          error={error?.points}
        />
        <Controller
          control={control}
          name={`tests.${index}.visible`}
          render={({ field }) => (
            <FormField id={`test-shown-${index}`} containerClassName="col-sm-6 col-md-4" label="Shown to students">
              <select
                id={`test-shown-${index}`}
                className="form-select"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value === false ? 'never' : shown}
                onChange={(event) => {
                  const choice = event.target.value as TestShownWhen | 'never';
                  field.onChange(choice !== 'never');
                  setValue(`tests.${index}.shown`, choice === 'never' ? 'always' : choice);
                }}
              >
                {shownChoices.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </FormField>
          )}
        />
        <div className="col-auto d-flex flex-wrap align-items-end gap-3">
          <Checkbox
            id={`test-hide-rest-${index}`}
            containerClassName="form-check mb-2"
            label="If it fails, show the tests after it as hidden ones"
            {...register(`tests.${index}.hide_rest_if_fail`)}
          />
          <button type="button" className="btn btn-sm btn-outline-danger mb-2" onClick={onRemove}>
            Remove test {index + 1}
          </button>
        </div>
      </div>
    </fieldset>
  );
}
