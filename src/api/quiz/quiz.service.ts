/**
 * The self assessment test: the server deals each attempt (ten random questions, remembered for the student),
 * accepts answers only to the questions it dealt, once, scores them, and reviews only those questions.
 */
import type { Kysely } from 'kysely';
import { QUIZ_QUESTION_COUNT } from '../../contracts/course.js';
import {
  type QuizAnswers,
  type QuizAttempt,
  type QuizQuestion,
  quizMessages,
  scoreMessage,
} from '../../contracts/quiz.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import * as quiz from './quiz.repository.js';

/** A dealt test can be answered for this long. */
export const DEAL_LIFETIME_MS = 3 * 60 * 60_000;

const parseOptions = (json: string) => JSON.parse(json) as string[];

function toAttempt(row: { id: number; score: number; total: number; created_at: string; review: string }): QuizAttempt {
  return {
    id: row.id,
    score: row.score,
    total: row.total,
    created_at: row.created_at,
    review: JSON.parse(row.review) as QuizAttempt['review'],
  };
}

export function createQuizService(db: Kysely<Database>) {
  return {
    /** Deals a new test to the student (replacing any open one): the questions without their answers. */
    async deal(studentId: number, now = new Date()): Promise<QuizQuestion[]> {
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
      now = Date.now(),
    ): Promise<{ message: string; attempt: QuizAttempt }> {
      return db.transaction().execute(async (trx) => {
        const deal = await quiz.takeDeal(trx, studentId);
        if (!deal || now - Date.parse(deal.createdAt) > DEAL_LIFETIME_MS)
          throw new AppError('conflict', quizMessages.noOpenTest);
        const answered = new Set(answers.map((a) => a.question_id));
        if (answered.size !== deal.questionIds.length || deal.questionIds.some((id) => !answered.has(id))) {
          throw new AppError('validation', quizMessages.notYourQuestions);
        }
        const questions = await quiz.questionsByIds(trx, deal.questionIds);
        if (questions.length !== deal.questionIds.length) throw new AppError('conflict', quizMessages.questionsChanged);
        const review = deal.questionIds.map((id) => {
          const question = questions.find((q) => q.id === id)!;
          const chosen = answers.find((a) => a.question_id === id)!.answer_index;
          return {
            question: question.question,
            options: parseOptions(question.options),
            chosen,
            correct: question.answer_index,
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

    async questions() {
      return (await quiz.allQuestions(db)).map((row) => ({ ...row, options: parseOptions(row.options) }));
    },

    async addQuestion(input: { question: string; options: string[]; answer_index: number }) {
      const row = await quiz.insertQuestion(db, {
        question: input.question,
        options: JSON.stringify(input.options),
        answer_index: input.answer_index,
      });
      return { ...row, options: parseOptions(row.options) };
    },

    async updateQuestion(id: number, input: { question: string; options: string[]; answer_index: number }) {
      if (
        !(await quiz.updateQuestion(db, id, {
          question: input.question,
          options: JSON.stringify(input.options),
          answer_index: input.answer_index,
        }))
      ) {
        throw new AppError('notFound', quizMessages.noSuchQuestion);
      }
      return { id, ...input };
    },

    async deleteQuestion(id: number): Promise<void> {
      if (!(await quiz.deleteQuestion(db, id))) throw new AppError('notFound', quizMessages.noSuchQuestion);
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
