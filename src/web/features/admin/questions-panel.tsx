import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog';
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
  const [form, setForm] = useState(initial);
  const prefix = label.replace(/\W+/g, '-').toLowerCase();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };
  return (
    <form onSubmit={onSubmit} className="mb-2">
      <label className="form-label" htmlFor={`${prefix}-question`}>
        Question
      </label>
      <textarea
        id={`${prefix}-question`}
        className="form-control mb-2"
        rows={2}
        required
        value={form.question}
        onChange={(e) => setForm({ ...form, question: e.target.value })}
      />
      {form.options.map((option, index) => (
        <div className="input-group mb-1" key={index}>
          <div className="input-group-text">
            <input
              type="radio"
              className="form-check-input mt-0"
              name={`${prefix}-answer`}
              aria-label={`Option ${index + 1} is the right answer`}
              checked={form.answer_index === index}
              onChange={() => setForm({ ...form, answer_index: index })}
            />
          </div>
          <input
            className="form-control"
            aria-label={`Option ${index + 1}`}
            required
            value={option}
            onChange={(e) =>
              setForm({ ...form, options: form.options.map((o, i) => (i === index ? e.target.value : o)) })
            }
          />
        </div>
      ))}
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
