import { systemClock } from '../../contracts/clock.js';
import { toOneLine } from '../../contracts/fields.js';
import { COURSE_NAME, SITE_NAME } from '../../contracts/course.js';
import { courseWallClock, formatClockTime, formatDate, formatDateTime, type TimeZone } from '../../contracts/dates.js';
import type { OutgoingMail } from './outbox.repository.js';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  /** A way to stop this kind of mail: a link under the signature and the List-Unsubscribe header's address. */
  unsubscribe?: { text: string; label: string; pageUrl: string; oneClickUrl: string };
}

/** Every email has an HTML and a plain-text part with the same words; user text is escaped in the HTML. */
function compose(layout: Layout): OutgoingMail {
  const { to, paragraphs, action, after = [], unsubscribe } = layout;
  // A subject or greeting holds a person's name: a line break or control character in it becomes a space.
  const subject = toOneLine(layout.subject);
  const greeting = toOneLine(layout.greeting);
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    `— ${SITE_NAME}`,
    ...(unsubscribe ? ['', `${unsubscribe.text} ${unsubscribe.label}: ${unsubscribe.pageUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1b1b1b">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#0b5ed7;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Or open this link: ${escapeHtml(action.url)}</p>` : ''}
${after.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p>— ${escapeHtml(SITE_NAME)}</p>
${unsubscribe ? `<p style="font-size:13px;color:#555">${escapeHtml(unsubscribe.text)} <a href="${escapeHtml(unsubscribe.pageUrl)}" style="color:#0b5ed7">${escapeHtml(unsubscribe.label)}</a></p>` : ''}
</body></html>`;
  return { to, subject, text, html, ...(unsubscribe ? { listUnsubscribe: unsubscribe.oneClickUrl } : {}) };
}

export function verificationMail(to: string, firstName: string, url: string): OutgoingMail {
  return compose({
    to,
    subject: `Verify your email for ${SITE_NAME}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      'Thank you for signing up for the C Programming Language course. Please verify your email address to activate your account.',
    ],
    action: { label: 'Verify my email', url },
    after: ['This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.'],
  });
}

export function passwordResetMail(to: string, firstName: string, url: string): OutgoingMail {
  return compose({
    to,
    subject: `Reset your ${SITE_NAME} password`,
    greeting: `Hello ${firstName},`,
    paragraphs: ['We received a request to reset the password of your account.'],
    action: { label: 'Reset my password', url },
    after: [
      'This link works once and expires in one hour. If you did not ask for it, you can ignore this email: your password stays the same.',
    ],
  });
}

/** The certificate of completion, attached as a PDF when the message is sent (the outbox keeps only its id). */
export function certificateMail(
  to: string,
  firstName: string,
  certificate: { id: number; code: string },
  verifyUrl: string,
  dashboardUrl: string,
): OutgoingMail {
  return {
    ...compose({
      to,
      subject: `Your certificate of completion: ${COURSE_NAME} course`,
      greeting: `Hello ${firstName},`,
      paragraphs: [
        `Congratulations on completing the ${COURSE_NAME} course! Your certificate of completion is attached to this email as a PDF.`,
        `Certificate code: ${certificate.code}`,
        `Anyone can check it at ${verifyUrl}`,
      ],
      action: { label: 'Open my dashboard', url: dashboardUrl },
      after: ['You can download the certificate again from your dashboard at any time.'],
    }),
    attachment: { kind: 'certificate', id: certificate.id },
  };
}

export function profileCreatedMail(to: string, firstName: string, dashboardUrl: string): OutgoingMail {
  return compose({
    to,
    subject: `Your ${SITE_NAME} profile is ready`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      'Your profile has been created. The next batch start date will be announced by email; you can join the batch by paying the course fee from your dashboard.',
    ],
    action: { label: 'Open my dashboard', url: dashboardUrl },
  });
}

export function newProgramMail(
  to: string,
  firstName: string,
  programNumber: number,
  task: string,
  url: string,
): OutgoingMail {
  return compose({
    to,
    subject: `New program exercise: Program ${programNumber}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [`Your teacher has sent you program ${programNumber}:`, task],
    action: { label: 'Open My Progs', url },
  });
}

/** `startDate` is the batch's date, 'YYYY-MM-DD'; the email says it the way every screen does ('4 Jan 2027'). */
export function batchStartMail(
  to: string,
  firstName: string,
  batch: number,
  startDate: string,
  url: string,
  zone: TimeZone,
): OutgoingMail {
  const starts = formatDate(startDate, zone);
  return compose({
    to,
    subject: `Batch ${batch} of the C Programming Language course starts on ${starts}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `The next batch (batch ${batch}) starts on ${starts}.`,
      'Join it by paying the course fee from My Payment on your dashboard before the batch starts. The video-meeting link is sent to everyone who joins.',
    ],
    action: { label: 'Open my dashboard', url },
  });
}

export function meetingLinkMail(
  to: string,
  firstName: string,
  batch: number,
  startDate: string | null,
  link: string,
  zone: TimeZone,
): OutgoingMail {
  return compose({
    to,
    subject: `Your class link for batch ${batch}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `Welcome to batch ${batch}${startDate ? `, starting on ${formatDate(startDate, zone)}` : ''}. Join every class through this video-meeting link:`,
      link,
      'Listen to the session, note your doubts and clear them at the end of the session.',
    ],
  });
}

export function inviteMail(to: string, url: string): OutgoingMail {
  return compose({
    to,
    subject: `You are invited to the C Programming Language course`,
    greeting: 'Hello,',
    paragraphs: [
      'You are invited to join the live online C Programming Language course: beginner-friendly lessons, hands-on coding exercises and doubts clarified on the spot.',
    ],
    action: { label: 'Sign up', url },
  });
}

export function doubtAnsweredMail(
  to: string,
  firstName: string,
  question: string,
  answer: string,
  url: string,
): OutgoingMail {
  return compose({
    to,
    subject: 'Your teacher answered your doubt',
    greeting: `Hello ${firstName},`,
    paragraphs: ['You asked:', question, 'Your teacher answered:', answer],
    action: { label: 'Open My Doubts', url },
  });
}

export interface ReceiptDetails {
  amount: string;
  /** The gateway's payment id; null for a payment the teacher recorded. */
  paymentId: string | null;
  orderId: string;
  /** When the payment was confirmed: an ISO instant, printed in the course's time zone. */
  paidAt: string;
  /** The course's time zone (a site setting). */
  zone: TimeZone;
}

export function paymentReceiptMail(to: string, firstName: string, receipt: ReceiptDetails, url: string): OutgoingMail {
  return compose({
    to,
    subject: `Payment receipt: ${COURSE_NAME} course`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `We have received your payment of ${receipt.amount} for the ${COURSE_NAME} course. Thank you!`,
      ...(receipt.paymentId ? [`Payment ID: ${receipt.paymentId}`] : []),
      `Order ID: ${receipt.orderId}`,
      `Paid on: ${formatDateTime(receipt.paidAt, receipt.zone)}`,
      'Your classes and program exercises are now open on your dashboard. The video-meeting link for your batch is sent by email before the batch starts.',
    ],
    action: { label: 'Open my dashboard', url },
    after: ['Your receipt is attached as a PDF. You can download it again from My Payment at any time.'],
  });
}

export interface ReminderDetails {
  kind: 'day' | 'hour';
  sessionNumber: number;
  topics: string | null;
  /** The class's start, an ISO instant; printed on the course's clock. */
  startsAt: string;
  /** The course's time zone (a site setting). */
  zone: TimeZone;
  durationMinutes: number;
  meetingLink: string | null;
  myClassesUrl: string;
  /** The page that turns reminders off, and the address a mail client posts to for the same (one click). */
  stopPageUrl: string;
  stopOneClickUrl: string;
}

/** "today", "tomorrow" or "on 4 Jan 2027": the class's day as seen on the course's calendar when the mail is made. */
function dayWords(startsAt: string, now: Date, zone: TimeZone): string {
  const day = courseWallClock(startsAt, zone)?.date;
  const today = courseWallClock(now, zone)?.date;
  if (day === today) return 'today';
  // The calendar day after today (not now + 24 h, which a summer-time change can push two days on).
  const tomorrow = today
    ? new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 60 * 60_000).toISOString().slice(0, 10)
    : '';
  if (day === tomorrow) return 'tomorrow';
  return `on ${formatDate(startsAt, zone)}`;
}

/** A day or an hour before a class: when, what, and the meeting link as the button. */
export function classReminderMail(
  to: string,
  firstName: string,
  details: ReminderDetails,
  now = systemClock(),
): OutgoingMail {
  const time = formatClockTime(details.startsAt, details.zone);
  const session = `Session ${details.sessionNumber}`;
  const minutes = Math.max(1, Math.round((Date.parse(details.startsAt) - now.getTime()) / 60_000));
  const soon = minutes >= 55 ? 'in 1 hour' : `in ${minutes} minutes`;
  const subject =
    details.kind === 'day'
      ? `Reminder: C class ${dayWords(details.startsAt, now, details.zone)} at ${time} — ${session}`
      : `Starting ${soon}: C class at ${time} — ${session}`;
  return compose({
    to,
    subject,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      details.kind === 'day'
        ? `Your next ${COURSE_NAME} class is ${dayWords(details.startsAt, now, details.zone)}.`
        : `Your ${COURSE_NAME} class starts ${soon}.`,
      `${session}: ${formatDateTime(details.startsAt, details.zone)} (${details.durationMinutes} minutes).`,
      ...(details.topics ? [`Topics: ${details.topics}`] : []),
      ...(details.meetingLink ? [] : ['The meeting link is on My Classes on your dashboard.']),
    ],
    action: details.meetingLink
      ? { label: 'Join the class', url: details.meetingLink }
      : { label: 'Open My Classes', url: details.myClassesUrl },
    after: ['Note your doubts as you go and clear them at the end of the session.'],
    unsubscribe: {
      text: 'You get this because class reminders are on in your Profile.',
      label: 'Stop class reminders',
      pageUrl: details.stopPageUrl,
      oneClickUrl: details.stopOneClickUrl,
    },
  });
}

export function codeCommentMail(
  to: string,
  firstName: string,
  programNumber: number,
  line: number,
  comment: string,
  url: string,
): OutgoingMail {
  return compose({
    to,
    subject: `Your teacher commented on your code: Program ${programNumber}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [`Your teacher left a comment on line ${line} of your program ${programNumber}:`, comment],
    action: { label: 'Open your program', url },
  });
}

/** To a student: the teacher released their grade by rubric of a program. */
export function gradeReleasedMail(
  to: string,
  firstName: string,
  programNumber: number,
  score: string,
  url: string,
): OutgoingMail {
  return compose({
    to,
    subject: `Your Program ${programNumber} is graded`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `Your teacher graded your Program ${programNumber}: ${score}.`,
      'Open it to read the rubric and the comments.',
    ],
    action: { label: 'Open your program', url },
  });
}

/** To the teacher: a student asked a doubt. */
export function doubtAskedMail(to: string, studentName: string, question: string, url: string): OutgoingMail {
  return compose({
    to,
    subject: `New doubt from ${studentName}`,
    greeting: 'Hello,',
    paragraphs: [`${studentName} asked:`, question],
    action: { label: 'Answer it', url },
  });
}

/** To the teacher: a student submitted a program (sent only to a teacher who turned these mails on). */
export function submissionMail(to: string, studentName: string, summary: string, url: string): OutgoingMail {
  return compose({
    to,
    subject: `New submission from ${studentName}`,
    greeting: 'Hello,',
    paragraphs: [summary],
    action: { label: 'Open the Admin page', url },
  });
}
