import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, fieldMessages, hasControlCharacters, hasNul, recordIdSchema } from './fields.js';
import { QUIZ_OPTION_COUNT, QUIZ_QUESTION_COUNT } from './course.js';

/** A question as the student sees it: never with its answer. */
export const quizQuestionSchema = z.object({ id: z.number(), question: z.string(), options: z.array(z.string()) });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizAnswersSchema = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        question_id: recordIdSchema,
        answer_index: z
          .number()
          .int()
          .min(0)
          .max(QUIZ_OPTION_COUNT - 1),
      }),
    )
    .length(QUIZ_QUESTION_COUNT, `Answer all ${QUIZ_QUESTION_COUNT} questions`)
    .refine(
      (answers) => new Set(answers.map((a) => a.question_id)).size === answers.length,
      'Each question can be answered once',
    ),
});
export type QuizAnswers = z.infer<typeof quizAnswersSchema>;

/**
 * One question of an attempt, as it was when the attempt was scored (topic and explanation are null in attempts
 * made before questions had them, and where the teacher gave none).
 */
export const quizReviewItemSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  chosen: z.number(),
  correct: z.number(),
  topic: z.string().nullable(),
  explanation: z.string().nullable(),
});
export type QuizReviewItem = z.infer<typeof quizReviewItemSchema>;

export const quizAttemptSchema = z.object({
  id: z.number(),
  score: z.number(),
  total: z.number(),
  created_at: z.string(),
  review: z.array(quizReviewItemSchema),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

export const quizMessages = {
  notReady: 'The self assessment test is not ready yet. Please try again later.',
  noOpenTest: 'This test has expired or was already submitted. Please start a new test.',
  // Through the site this happens when a newer test was dealt in another tab; the page offers a new test.
  notYourQuestions:
    'These answers are not for your open test: a newer one may have been started in another tab. Please start a new test.',
  questionsChanged: 'Some of these questions were changed by your teacher meanwhile. Please start a new test.',
  noSuchQuestion: 'No such question.',
} as const;

export const QUIZ_TOPIC_MAX = 60;
export const QUIZ_EXPLANATION_MAX = 2000;
/** The topic of questions the teacher gave none. */
export const OTHER_TOPIC = 'Other';

export function scoreMessage(score: number, total = QUIZ_QUESTION_COUNT): string {
  return `You scored ${score} out of ${total}`;
}

/** The admin's question bank. */
export const quizQuestionInputSchema = z.strictObject({
  question: z
    .string({ error: 'Question is required' })
    .trim()
    .min(1, 'Question is required')
    .max(1000, 'A question must be at most 1000 characters'),
  options: z
    .array(
      z
        .string({ error: 'Every option needs text' })
        .trim()
        .min(1, 'Every option needs text')
        .max(300, 'An option must be at most 300 characters')
        .refine((text) => !hasControlCharacters(text), fieldMessages.oneLine('An option')),
      { error: `Give exactly ${QUIZ_OPTION_COUNT} options` },
    )
    .length(QUIZ_OPTION_COUNT, `Give exactly ${QUIZ_OPTION_COUNT} options`),
  answer_index: z
    .number({ error: 'Choose the right answer' })
    .int('Choose the right answer')
    .min(0, 'Choose the right answer')
    .max(QUIZ_OPTION_COUNT - 1, 'Choose the right answer'),
  // Optional: an empty topic or explanation is stored as none.
  topic: z
    .string()
    .trim()
    .max(QUIZ_TOPIC_MAX, `A topic must be at most ${QUIZ_TOPIC_MAX} characters`)
    .refine((text) => !hasControlCharacters(text), fieldMessages.oneLine('A topic'))
    .nullish(),
  // Several lines and code are normal here; it is stored and shown as text.
  explanation: z
    .string()
    .trim()
    .max(QUIZ_EXPLANATION_MAX, `An explanation must be at most ${QUIZ_EXPLANATION_MAX} characters`)
    .refine((text) => !hasNul(text), fieldMessages.nulCharacter)
    .nullish(),
});
export const adminQuizQuestionSchema = quizQuestionSchema.extend({
  answer_index: z.number(),
  topic: z.string().nullable(),
  explanation: z.string().nullable(),
});

/**
 * The test form: each question with its chosen option as a radio button's value ('' while unanswered), made into
 * the request the server checks with quizAnswersSchema.
 */
export const quizFormSchema = z.strictObject({
  answers: z
    .array(z.strictObject({ question_id: recordIdSchema, answer_index: z.string() }))
    .refine((answers) => answers.every((a) => a.answer_index !== ''), `Answer all ${QUIZ_QUESTION_COUNT} questions.`)
    .transform((answers) => answers.map((a) => ({ ...a, answer_index: Number(a.answer_index) })))
    // The request's own rule (question ids, options, ten answers); typed by what the form gives it.
    .pipe(quizAnswersSchema.shape.answers as z.ZodType<QuizAnswers['answers'], QuizAnswers['answers']>),
});

export type AdminQuizQuestion = z.infer<typeof adminQuizQuestionSchema>;
export type QuizQuestionInput = z.input<typeof quizQuestionInputSchema>;
export const adminQuizQuestionListSchema = z.array(adminQuizQuestionSchema);

export const quizQuestionListSchema = z.array(quizQuestionSchema);
export const quizAttemptListSchema = z.array(quizAttemptSchema);
/** `POST /api/v1/quiz/attempts`: the score message and the reviewed attempt. */
export const quizSubmittedSchema = z.object({ message: z.string(), attempt: quizAttemptSchema });
export type QuizSubmitted = z.infer<typeof quizSubmittedSchema>;

/** `GET /api/v1/quiz/topics`: per topic, the student's result in each attempt that asked it, oldest first. */
export const quizTopicHistorySchema = z.array(
  z.object({
    topic: z.string(),
    results: z.array(
      z.object({ attempt_id: z.number(), created_at: z.string(), correct: z.number(), asked: z.number() }),
    ),
  }),
);
export type QuizTopicHistory = z.infer<typeof quizTopicHistorySchema>;

/** The endpoints of tests: questions, attempts and marks. */
export const quizEndpoints = endpoints({
  deal: { method: 'GET', path: '/api/v1/quiz', access: 'student', response: { 200: quizQuestionListSchema } },
  submitAttempt: {
    method: 'POST',
    path: '/api/v1/quiz/attempts',
    access: 'student',
    body: quizAnswersSchema,
    response: { 201: quizSubmittedSchema },
  },
  attempts: {
    method: 'GET',
    path: '/api/v1/quiz/attempts',
    access: 'student',
    response: { 200: quizAttemptListSchema },
  },
  topics: { method: 'GET', path: '/api/v1/quiz/topics', access: 'student', response: { 200: quizTopicHistorySchema } },
  questions: {
    method: 'GET',
    path: '/api/v1/admin/quiz_questions',
    access: 'admin',
    response: { 200: adminQuizQuestionListSchema },
  },
  addQuestion: {
    method: 'POST',
    path: '/api/v1/admin/quiz_questions',
    access: 'admin',
    body: quizQuestionInputSchema,
    response: { 201: adminQuizQuestionSchema },
  },
  updateQuestion: {
    method: 'PUT',
    path: '/api/v1/admin/quiz_questions/:id',
    access: 'admin',
    params: idParamsSchema,
    body: quizQuestionInputSchema,
    response: { 200: adminQuizQuestionSchema },
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/api/v1/admin/quiz_questions/:id',
    access: 'admin',
    params: idParamsSchema,
  },
});
