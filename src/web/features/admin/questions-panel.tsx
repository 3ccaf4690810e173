import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  QUIZ_EXPLANATION_MAX,
  QUIZ_TOPIC_MAX,
  type QuizQuestionInput,
  quizQuestionInputSchema,
} from '../../../contracts/quiz';
import { CodeText } from '../../components/code-text';
import { useConfirm } from '../../components/confirm-dialog';
import { controlClass, errorAttributes, FieldError } from '../../components/field-error';
import { InlineCode } from '../../components/inline-code';
import { PageSpinner } from '../../components/page-spinner';
import { type BankQuestion, addQuestion, deleteQuestion, questionsQuery, updateQuestion } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { Input, Textarea } from '../../components/form-kit';

type QuestionOutput = z.output<typeof quizQuestionInputSchema>;
/** The form's values: topic and explanation are text ('' for none). */
type QuizQuestionFormValues = QuizQuestionInput & { topic: string; explanation: string };

const blank: QuizQuestionFormValues = {
  question: '',
  options: ['', '', '', ''],
  answer_index: 0,
  topic: '',
  explanation: '',
};

function QuestionForm({
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

const formValues = (question: BankQuestion): QuizQuestionFormValues => ({
  question: question.question,
  options: question.options,
  answer_index: question.answer_index,
  topic: question.topic ?? '',
  explanation: question.explanation ?? '',
});

function QuestionItem({ question, topics }: { question: BankQuestion; topics: string[] }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: questionsQuery().queryKey });
  const save = useMutation({
    mutationFn: (input: QuestionOutput) => updateQuestion(question.id, input),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
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
        {question.topic ? (
          <span className="badge text-bg-light border ms-2 question-topic">{question.topic}</span>
        ) : null}
      </summary>
      {editing ? (
        <>
          <QuestionForm
            initial={formValues(question)}
            onSave={(input) => save.mutate(input)}
            onCancel={() => {
              save.reset();
              setEditing(false);
            }}
            label={`Save question ${question.id}`}
            saveText="Save"
            busy={save.isPending}
            topics={topics}
          />
          <PanelError error={save.error} />
        </>
      ) : (
        <>
          <ol className="mb-2">
            {question.options.map((option, index) => (
              <li key={index} className={index === question.answer_index ? 'text-success fw-semibold' : undefined}>
                <InlineCode text={option} />
                {index === question.answer_index ? ' (right answer)' : null}
              </li>
            ))}
          </ol>
          <p className="mb-1">Topic: {question.topic ?? <span className="text-body-secondary">none</span>}</p>
          <div className="quiz-review-why mb-2">
            <strong>Why:</strong>{' '}
            {question.explanation ? (
              <CodeText text={question.explanation} />
            ) : (
              <span className="text-body-secondary">no explanation yet</span>
            )}
          </div>
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setEditing(true)}>
              Edit<span className="visually-hidden"> question {question.id}</span>
            </button>
            <button type="button" className="btn btn-danger btn-sm" onClick={askDelete} disabled={remove.isPending}>
              Delete<span className="visually-hidden"> question {question.id}</span>
            </button>
          </div>
        </>
      )}
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
  const topics = [...new Set((questions.data ?? []).flatMap((q) => (q.topic ? [q.topic] : [])))].sort((a, b) =>
    a.localeCompare(b),
  );
  return (
    <AdminPanel title="Self assessment questions" onExit={onExit}>
      <p className="text-body-secondary">Each test draws 10 of these at random; keep at least 10.</p>
      <PanelError error={questions.error} />
      {questions.isPending ? <PageSpinner /> : null}
      {questions.data?.map((question) => (
        <QuestionItem key={question.id} question={question} topics={topics} />
      ))}
      <h3 className="h5 mt-3">Add a question</h3>
      <PanelError error={add.error} />
      <QuestionForm
        key={formKey}
        initial={blank}
        onSave={(input) => add.mutate(input)}
        label="Add question"
        busy={add.isPending}
        topics={topics}
      />
    </AdminPanel>
  );
}
