import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { RUBRIC_LIMITS } from '../../../../contracts/grading';
import { FieldError } from '../../../components/field-error';
import { Input } from '../../../components/form-kit';
import type { ExerciseForm } from './test-case-fields';

interface Props {
  control: Control<ExerciseForm>;
  register: UseFormRegister<ExerciseForm>;
  errors: FieldErrors<ExerciseForm>['rubric'];
}

/** The teacher's rubric of a program: criteria with points, graded by hand (besides any test cases). */
export function RubricFields({ control, register, errors }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'rubric' });
  return (
    <fieldset className="border rounded p-2 mt-3">
      <legend className="float-none w-auto px-1 fs-6 mb-0">Rubric (graded by hand)</legend>
      <p className="small text-body-secondary mb-2">
        Students see the criteria from the start, and their grade once you release it. Leave empty to grade by tests
        alone.
      </p>
      {fields.map((field, index) => (
        <div className="row g-2 align-items-end mb-1" key={field.id}>
          <Input
            id={`rubric-title-${index}`}
            containerClassName="col-12 col-md"
            label={`Criterion ${index + 1}`}
            maxLength={RUBRIC_LIMITS.titleMaxChars}
            {...register(`rubric.${index}.title`)}
            error={errors?.[index]?.title}
          />
          <Input
            id={`rubric-points-${index}`}
            containerClassName="col-auto"
            label="Points"
            type="number"
            min={1}
            max={RUBRIC_LIMITS.maxPoints}
            {...register(`rubric.${index}.points`)}
            error={errors?.[index]?.points}
          />
          <div className="col-auto">
            <button type="button" className="btn btn-sm btn-outline-danger mb-1" onClick={() => remove(index)}>
              Remove criterion {index + 1}
            </button>
          </div>
        </div>
      ))}
      <FieldError id="rubric" error={errors?.root ?? errors} />
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={fields.length >= RUBRIC_LIMITS.maxCriteria}
        onClick={() => append({ title: '', points: '5' })}
      >
        Add a criterion
      </button>
    </fieldset>
  );
}
