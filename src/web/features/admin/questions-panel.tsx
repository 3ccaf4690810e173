import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { quizQuestionInputSchema } from '../../../contracts/quiz';
import { useConfirm } from '../../components/confirm-dialog';
import { controlClass, errorAttributes, FieldError } from '../../components/field-error';
import { InlineCode } from '../../components/inline-code';
import { PageSpinner } from '../../components/page-spinner';
import {
  type BankQuestion,
  type BankQuestionInput,
  addQuestion,
  deleteQuestion,
  questionsQuery,
  updateQuestion,
} from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';

const blank: BankQuestionInput = { question: '', options: ['', '', '', ''], answer_index: 0 };

function QuestionForm({
  initial,
  onSave,
  label,
  busy,
}: {
  initial: BankQuestionInput;
  onSave: (input: BankQuestionInput) => void;
  label: string;
  busy: boolean;
}) {
  const { register, handleSubmit, control, setValue, formState } = useForm<BankQuestionInput>({
    resolver: zodResolver(quizQuestionInputSchema),
    // Only the fields the request takes (a stored question also has its id).
    defaultValues: { question: initial.question, options: initial.options, answer_index: initial.answer_index },
  });
  // The right answer is a number; each radio button sets it.
  const answerIndex = useWatch({ control, name: 'answer_index' });
  const { errors } = formState;
  const prefix = label.replace(/\W+/g, '-').toLowerCase();
  const questionId = `${prefix}-question`;
  const optionsError = errors.options?.root ?? errors.options;
  return (
    <form onSubmit={handleSubmit(onSave)} className="mb-2" noValidate>
      <label className="form-label" htmlFor={questionId}>
        Question
      </label>
      <textarea
        id={questionId}
        className={controlClass('form-control mb-2', errors.question)}
        rows={2}
        required
        {...errorAttributes(questionId, errors.question)}
        {...register('question')}
      />
      <FieldError id={questionId} error={errors.question} />
      {initial.options.map((_, index) => (
        <div className="input-group mb-1" key={index}>
          <div className="input-group-text">
            <input
              type="radio"
              className="form-check-input mt-0"
              name={`${prefix}-answer`}
              aria-label={`Option ${index + 1} is the right answer`}
              {...errorAttributes(`${prefix}-answer`, errors.answer_index)}
              checked={answerIndex === index}
              onChange={() => setValue('answer_index', index, { shouldValidate: formState.isSubmitted })}
            />
          </div>
          <input
            id={`${prefix}-option-${index}`}
            className={controlClass('form-control', errors.options?.[index])}
            aria-label={`Option ${index + 1}`}
            required
            {...errorAttributes(`${prefix}-option-${index}`, errors.options?.[index])}
            {...register(`options.${index}`)}
          />
          <FieldError id={`${prefix}-option-${index}`} error={errors.options?.[index]} />
        </div>
      ))}
      <FieldError id={`${prefix}-options`} error={optionsError} />
      <FieldError id={`${prefix}-answer`} error={errors.answer_index} />
      <button type="submit" className="btn btn-primary btn-sm mt-1" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

function QuestionItem({ question }: { question: BankQuestion }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: questionsQuery().queryKey });
  const save = useMutation({
    mutationFn: (input: BankQuestionInput) => updateQuestion(question.id, input),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteQuestion(question.id), onSuccess: refresh });
  const { confirm, dialog } = useConfirm();
  const askDelete = () =>
    void confirm({
      title: 'Delete this question?',
      message: (
        <>
          <p>
            “<InlineCode text={question.question} />” leaves the self assessment test. Results of tests already taken
            keep it. This cannot be undone.
          </p>
        </>
      ),
      confirmLabel: 'Delete question',
      action: () => remove.mutateAsync(),
    });
  return (
    <details className="outbox-entry">
      <summary>
        <InlineCode text={question.question} />{' '}
        <span className="text-success">
          (<InlineCode text={question.options[question.answer_index] ?? ''} />)
        </span>
      </summary>
      <QuestionForm
        initial={question}
        onSave={(input) => save.mutate(input)}
        label={`Save question ${question.id}`}
        busy={save.isPending}
      />
      <PanelError error={save.error} />
      <button type="button" className="btn btn-danger btn-sm" onClick={askDelete} disabled={remove.isPending}>
        Delete<span className="visually-hidden"> question {question.id}</span>
      </button>
      {dialog}
    </details>
  );
}

/** The self assessment test's question bank (ten are drawn at random for each test). */
export function QuestionsPanel({ onExit }: { onExit: () => void }) {
  const client = useQueryClient();
  const questions = useQuery(questionsQuery());
  const [formKey, setFormKey] = useState(0);
  const add = useMutation({
    mutationFn: addQuestion,
    onSuccess: async () => {
      setFormKey((k) => k + 1);
      await client.invalidateQueries({ queryKey: questionsQuery().queryKey });
    },
  });
  return (
    <AdminPanel title="Self assessment questions" onExit={onExit}>
      <p className="text-body-secondary">Each test draws 10 of these at random; keep at least 10.</p>
      <PanelError error={questions.error} />
      {questions.isPending ? <PageSpinner /> : null}
      {questions.data?.map((question) => (
        <QuestionItem key={question.id} question={question} />
      ))}
      <h3 className="h5 mt-3">Add a question</h3>
      <PanelError error={add.error} />
      <QuestionForm
        key={formKey}
        initial={blank}
        onSave={(input) => add.mutate(input)}
        label="Add question"
        busy={add.isPending}
      />
    </AdminPanel>
  );
}
