import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  QUIZ_EXPLANATION_MAX,
  QUIZ_TOPIC_MAX,
  type QuizQuestionInput,
  quizQuestionInputSchema,
} from '../../../contracts/quiz';
import { controlClass, errorAttributes, FieldError } from '../../components/field-error';
import { Input, Textarea } from '../../components/form-kit';

export type QuestionOutput = z.output<typeof quizQuestionInputSchema>;

/** The form's values: topic and explanation are text ('' for none). */
export type QuizQuestionFormValues = QuizQuestionInput & { topic: string; explanation: string };

/** A new question has no right answer marked: the teacher marks one (-1, none: "Choose the right answer"). */
export const blankQuestion: QuizQuestionFormValues = {
  question: '',
  options: ['', '', '', ''],
  answer_index: -1,
  topic: '',
  explanation: '',
};

export function QuestionForm({
  initial,
  onSave,
  onCancel,
  label,
  saveText = label,
  busy,
  topics,
}: {
  initial: QuizQuestionFormValues;
  onSave: (input: QuestionOutput) => void;
  onCancel?: () => void;
  /** Names the form's fields and its submit button for screen readers ("Save question 3"). */
  label: string;
  saveText?: string;
  busy: boolean;
  /** Topics already in use, offered as suggestions. */
  topics: string[];
}) {
  const { register, handleSubmit, control, setValue, formState } = useForm<QuizQuestionInput, unknown, QuestionOutput>({
    resolver: zodResolver(quizQuestionInputSchema),
    defaultValues: initial,
  });
  // The right answer is a number; each radio button sets it.
  const answerIndex = useWatch({ control, name: 'answer_index' });
  const { errors } = formState;
  const prefix = label.replace(/\W+/g, '-').toLowerCase();
  const questionId = `${prefix}-question`;
  const topicId = `${prefix}-topic`;
  const explanationId = `${prefix}-explanation`;
  const optionsError = errors.options?.root ?? errors.options;
  return (
    <form onSubmit={handleSubmit(onSave)} className="mb-2" noValidate>
      <Textarea
        id={questionId}
        containerClassName=""
        label="Question"
        className="form-control mb-2"
        rows={2}
        required
        {...register('question')}
        error={errors.question}
      />
      <fieldset className="mb-1">
        <legend className="form-label fs-6 mb-1">
          Options <span className="text-body-secondary">(mark the right answer)</span>
        </legend>
        {initial.options.map((_, index) => (
          <div className="mb-2" key={index}>
            <label className="form-label small mb-1" htmlFor={`${prefix}-option-${index}`}>
              Option {index + 1}
            </label>
            <div className="input-group">
              <input
                id={`${prefix}-option-${index}`}
                className={controlClass('form-control', errors.options?.[index])}
                required
                {...errorAttributes(`${prefix}-option-${index}`, errors.options?.[index])}
                {...register(`options.${index}`)}
              />
              <div className="input-group-text gap-1">
                <input
                  id={`${prefix}-right-${index}`}
                  type="radio"
                  className="form-check-input mt-0"
                  name={`${prefix}-answer`}
                  {...errorAttributes(`${prefix}-answer`, errors.answer_index)}
                  checked={answerIndex === index}
                  onChange={() => setValue('answer_index', index, { shouldValidate: formState.isSubmitted })}
                />
                <label className="mb-0 small" htmlFor={`${prefix}-right-${index}`}>
                  <span className="visually-hidden">Option {index + 1} is the </span>right answer
                </label>
              </div>
            </div>
            <FieldError id={`${prefix}-option-${index}`} error={errors.options?.[index]} />
          </div>
        ))}
      </fieldset>
      <FieldError id={`${prefix}-options`} error={optionsError} />
      <FieldError id={`${prefix}-answer`} error={errors.answer_index} />
      <Input
        id={topicId}
        containerClassName=""
        labelClassName="form-label mt-2"
        label={
          <>
            Topic <span className="text-body-secondary">(optional, e.g. Pointers)</span>
          </>
        }
        list={`${topicId}-suggestions`}
        maxLength={QUIZ_TOPIC_MAX}
        autoComplete="off"
        error={errors.topic}
        {...register('topic')}
      />
      <datalist id={`${topicId}-suggestions`}>
        {topics.map((topic) => (
          <option key={topic} value={topic} />
        ))}
      </datalist>
      <Textarea
        id={explanationId}
        containerClassName=""
        labelClassName="form-label mt-2"
        label={
          <>
            Explanation <span className="text-body-secondary">(optional: why the right answer is right)</span>
          </>
        }
        className="form-control font-monospace"
        rows={4}
        hint={
          <>
            Shown to students after a test. Up to {QUIZ_EXPLANATION_MAX} characters; put `code` in backticks, and a
            longer piece of code between lines of ```.
          </>
        }
        error={errors.explanation}
        {...register('explanation')}
      />
      <div className="d-flex gap-2 mt-2">
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={busy}
          aria-label={saveText === label ? undefined : label}
        >
          {saveText}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
