import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { plural } from '../../../contracts/wording';
import { CodeText } from '../../components/code-text';
import { useConfirm } from '../../components/confirm-dialog';
import { InlineCode } from '../../components/inline-code';
import { PageSpinner } from '../../components/page-spinner';
import { type BankQuestion, questionsQuery, useAddQuestion, useDeleteQuestion, useUpdateQuestion } from './api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { blankQuestion, QuestionForm, type QuestionOutput, type QuizQuestionFormValues } from './question-form';

const formValues = (question: BankQuestion): QuizQuestionFormValues => ({
  question: question.question,
  options: question.options,
  answer_index: question.answer_index,
  topic: question.topic ?? '',
  explanation: question.explanation ?? '',
});

function QuestionItem({ question, topics }: { question: BankQuestion; topics: string[] }) {
  const [editing, setEditing] = useState(false);
  const save = useUpdateQuestion();
  const remove = useDeleteQuestion();
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
      action: () => remove.mutateAsync(question.id),
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
            onSave={(input: QuestionOutput) =>
              save.mutate({ id: question.id, input }, { onSuccess: () => setEditing(false) })
            }
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
  const questions = useQuery(questionsQuery());
  const [formKey, setFormKey] = useState(0);
  const add = useAddQuestion();
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
      {add.data ? (
        <div className="alert alert-success" role="status">
          Question added: “<InlineCode text={add.data.question} />
          ”. The test now draws from {plural(questions.data?.length ?? 0, 'question')}.
        </div>
      ) : null}
      <PanelError error={add.error} />
      <QuestionForm
        key={formKey}
        initial={blankQuestion}
        onSave={(input) => add.mutate(input, { onSuccess: () => setFormKey((k) => k + 1) })}
        label="Add question"
        busy={add.isPending}
        topics={topics}
      />
    </AdminPanel>
  );
}
