/** Business constants of the course. */

export const COURSE_NAME = 'C Programming Language';
export const SITE_NAME = 'C Programming Learning Hub';

/**
 * The regular fee, struck through beside the fee charged while the fee is below it. The fee charged is one setting
 * (COURSE_FEE_PAISE, Rs.3,000 by default, the course's introductory offer): the server charges it and every page shows
 * it.
 */
export const LIST_PRICE_RUPEES = 4000;
export const DEFAULT_COURSE_FEE_PAISE = 3000 * 100;

export const PASSWORD_MIN_LENGTH = 8;
export const MOBILE_DIGITS = 10;
export const QUIZ_QUESTION_COUNT = 10;
export const QUIZ_OPTION_COUNT = 4;
export const SIGNUP_CONFIRMATION_SECONDS = 60;

export const STUDENT_STATUS = { unpaid: 0, paid: 1, completed: 2 } as const;
export type StudentStatus = (typeof STUDENT_STATUS)[keyof typeof STUDENT_STATUS];

/** student_status by name, in its order, with the words every screen and export shows for it. */
export const studentStatusNames = ['unpaid', 'paid', 'completed'] as const;
export type StudentStatusName = (typeof studentStatusNames)[number];
export const studentStatusLabels: Record<StudentStatusName, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  completed: 'Completed',
};

export function studentStatusName(studentStatus: number): StudentStatusName {
  if (studentStatus === STUDENT_STATUS.completed) return 'completed';
  return studentStatus === STUDENT_STATUS.paid ? 'paid' : 'unpaid';
}

export const COURSE_TOPICS = [
  'Introduction to programming',
  'Features of C',
  'Fundamentals',
  'Control flow',
  'Loops',
  'Arrays',
  'Pointers',
  'Functions',
  'Storage classes',
  'Structures',
  'File handling',
] as const;

/**
 * Formats a whole rupee amount the Indian way: 4000 -> "Rs.4,000", 150000 -> "Rs.1,50,000". Grouped by hand rather
 * than with toLocaleString('en-IN'): a browser's first Intl call loads locale data, some 40 ms of main thread that
 * the landing page would spend on its fee section.
 */
export function formatRupees(rupees: number): string {
  return `Rs.${String(Math.round(rupees)).replace(/\B(?=(\d\d)*\d{3}$)/g, ',')}`;
}
