import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/call-endpoint';
import { coursesEndpoints, programsEndpoints } from '../../../contracts/course-content';
import { homeEndpoints } from '../../../contracts/home';
import { scheduleEndpoints } from '../../../contracts/schedule';
import { quizEndpoints } from '../../../contracts/quiz';
import { doubtsEndpoints } from '../../../contracts/doubts';
import { profileEndpoints } from '../../../contracts/accounts';

export const getMyBatch = () => callEndpoint(coursesEndpoints.myBatch);
export const getHome = () => callEndpoint(homeEndpoints.home);
export const getMySchedule = () => callEndpoint(scheduleEndpoints.mySchedule);
/** Sent as the Join link opens the meeting in a new tab: keepalive lets it finish whatever the page does next. */
export const joinSession = (id: number) => callEndpoint(scheduleEndpoints.join, { params: { id }, keepalive: true });
export const getMyPrograms = (studentId: number) =>
  callEndpoint(programsEndpoints.myPrograms, { params: { studentId } });
export const getQuiz = () => callEndpoint(quizEndpoints.deal);
export const submitQuiz = (answers: { question_id: number; answer_index: number }[]) =>
  callEndpoint(quizEndpoints.submitAttempt, { body: { answers } });
export const getAttempts = () => callEndpoint(quizEndpoints.attempts);
const getTopicHistory = () => callEndpoint(quizEndpoints.topics);
export const getDoubts = () => callEndpoint(doubtsEndpoints.myDoubts);
export const askDoubt = (question: string, sessionId: number | null) =>
  callEndpoint(doubtsEndpoints.askDoubt, { body: { question, session_id: sessionId } });
export const sendFeedback = (studentId: number, feedback: string) =>
  callEndpoint(profileEndpoints.updateStudent, { params: { id: studentId }, body: { feedback } });

export const myBatchQuery = () => queryOptions({ queryKey: ['my-batch'], queryFn: getMyBatch });
export const homeQuery = () => queryOptions({ queryKey: ['my-home'], queryFn: getHome });
export const myScheduleQuery = () => queryOptions({ queryKey: ['my-schedule'], queryFn: getMySchedule });
export const myProgramsQuery = (studentId: number) =>
  queryOptions({ queryKey: ['my-programs', studentId], queryFn: () => getMyPrograms(studentId) });
export const quizQuery = () => queryOptions({ queryKey: ['quiz'], queryFn: getQuiz });
export const attemptsQuery = () => queryOptions({ queryKey: ['attempts'], queryFn: getAttempts });
export const topicHistoryQuery = () => queryOptions({ queryKey: ['quiz-topics'], queryFn: getTopicHistory });
export const doubtsQuery = () => queryOptions({ queryKey: ['doubts'], queryFn: getDoubts });
