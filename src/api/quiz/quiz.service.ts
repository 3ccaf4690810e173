/**
 * The self assessment test: the server deals each attempt (ten random questions, remembered for the student),
 * accepts answers only to the questions it dealt, once, scores them, and reviews only those questions.
 */
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { QUIZ_QUESTION_COUNT } from '../../contracts/course.js';
import {
  OTHER_TOPIC,
  type QuizAnswers,
  type QuizAttempt,
  type QuizQuestion,
  type QuizQuestionInput,
  type QuizReviewItem,
  type QuizTopicHistory,
  quizMessages,
  scoreMessage,
} from '../../contracts/quiz.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import * as quiz from './quiz.repository.js';
import { transact } from '../db/after-commit.js';

/** A dealt test can be answered for this long. */
export const DEAL_LIFETIME_MS = 3 * 60 * 60_000;

const parseOptions = (json: string) => JSON.parse(json) as string[];

function toAttempt(row: { id: number; score: number; total: number; created_at: string; review: string }): QuizAttempt {
  // Attempts scored before questions had topics and explanations have neither in their review.
  const review = (JSON.parse(row.review) as Partial<QuizReviewItem>[]).map((item): QuizReviewItem => ({
    question: item.question ?? '',
    options: item.options ?? [],
    chosen: item.chosen ?? -1,
    correct: item.correct ?? -1,
    topic: item.topic ?? null,
    explanation: item.explanation ?? null,
  }));
  return { id: row.id, score: row.score, total: row.total, created_at: row.created_at, review };
}

/** Per topic (alphabetical, "Other" last), the attempts that asked it, oldest first: correct of asked. */
function topicHistory(attempts: QuizAttempt[]): QuizTopicHistory {
  const byTopic = new Map<string, QuizTopicHistory[number]['results']>();
  for (const attempt of [...attempts].sort((a, b) => a.id - b.id)) {
    const counts = new Map<string, { correct: number; asked: number }>();
    for (const item of attempt.review) {
      const topic = item.topic || OTHER_TOPIC;
      const count = counts.get(topic) ?? { correct: 0, asked: 0 };
      count.asked += 1;
      if (item.chosen === item.correct) count.correct += 1;
      counts.set(topic, count);
    }
    for (const [topic, count] of counts) {
      const results = byTopic.get(topic) ?? [];
      results.push({ attempt_id: attempt.id, created_at: attempt.created_at, ...count });
      byTopic.set(topic, results);
    }
  }
  return [...byTopic.entries()]
    .sort(([a], [b]) => (a === OTHER_TOPIC ? 1 : b === OTHER_TOPIC ? -1 : a.localeCompare(b)))
    .map(([topic, results]) => ({ topic, results }));
}

/** The stored row's values: an empty topic or explanation is none. */
function questionValues(input: QuizQuestionInput) {
  return {
    question: input.question,
    options: JSON.stringify(input.options),
    answer_index: input.answer_index,
    topic: input.topic || null,
    explanation: input.explanation || null,
  };
}

const toBankQuestion = (row: quiz.QuestionRow) => ({ ...row, options: parseOptions(row.options) });

export function createQuizService({ db, clock = systemClock }: { db: Kysely<Database>; clock?: Clock }) {
  return {
    /** Deals a new test to the student (replacing any open one): the questions without their answers. */
    async deal(studentId: number, now = clock()): Promise<QuizQuestion[]> {
      const ids = (await quiz.randomQuestionIds(db, QUIZ_QUESTION_COUNT)).map((row) => row.id);
      if (ids.length < QUIZ_QUESTION_COUNT) throw new AppError('conflict', quizMessages.notReady);
      const rows = await quiz.questionsByIds(db, ids);
      await quiz.saveDeal(db, studentId, ids, now.toISOString());
      return ids.flatMap((id) => {
        const row = rows.find((r) => r.id === id);
        return row ? [{ id: row.id, question: row.question, options: parseOptions(row.options) }] : [];
      });
    },

    /** Scores the answers to the student's dealt test; the deal is used up in the same transaction. */
    async submit(
      studentId: number,
      answers: QuizAnswers['answers'],
      now = clock().getTime(),
    ): Promise<{ message: string; attempt: QuizAttempt }> {
      return transact(db, async (trx) => {
        const deal = await quiz.takeDeal(trx, studentId);
        if (!deal || now - Date.parse(deal.createdAt) > DEAL_LIFETIME_MS)
          throw new AppError('conflict', quizMessages.noOpenTest);
        const answered = new Set(answers.map((a) => a.question_id));
        if (answered.size !== deal.questionIds.length || deal.questionIds.some((id) => !answered.has(id))) {
          throw new AppError('conflict', quizMessages.notYourQuestions);
        }
        const questions = await quiz.questionsByIds(trx, deal.questionIds);
        if (questions.length !== deal.questionIds.length) throw new AppError('conflict', quizMessages.questionsChanged);
        // A snapshot of each dealt question (and only those): later edits do not rewrite this attempt.
        const review = deal.questionIds.map((id): QuizReviewItem => {
          const question = questions.find((q) => q.id === id)!;
          const chosen = answers.find((a) => a.question_id === id)!.answer_index;
          return {
            question: question.question,
            options: parseOptions(question.options),
            chosen,
            correct: question.answer_index,
            topic: question.topic,
            explanation: question.explanation,
          };
        });
        const score = review.filter((item) => item.chosen === item.correct).length;
        const row = await quiz.insertAttempt(trx, {
          student_id: studentId,
          score,
          total: review.length,
          review: JSON.stringify(review),
        });
        return { message: scoreMessage(score, review.length), attempt: toAttempt(row) };
      });
    },

    async attempts(studentId: number): Promise<QuizAttempt[]> {
      return (await quiz.attemptsOf(db, studentId, 100)).map(toAttempt);
    },

    async topics(studentId: number): Promise<QuizTopicHistory> {
      return topicHistory((await quiz.attemptsOf(db, studentId, 100)).map(toAttempt));
    },

    async questions() {
      return (await quiz.allQuestions(db)).map(toBankQuestion);
    },

    async addQuestion(input: QuizQuestionInput) {
      return toBankQuestion(await quiz.insertQuestion(db, questionValues(input)));
    },

    async updateQuestion(id: number, input: QuizQuestionInput) {
      const values = questionValues(input);
      if (!(await quiz.updateQuestion(db, id, values))) throw new AppError('notFound', quizMessages.noSuchQuestion);
      return toBankQuestion({ id, ...values });
    },

    async deleteQuestion(id: number): Promise<void> {
      if (!(await quiz.deleteQuestion(db, id))) throw new AppError('notFound', quizMessages.noSuchQuestion);
    },
  };
}
