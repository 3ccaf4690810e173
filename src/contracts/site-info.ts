/**
 * Public facts about the running site that pages show (nothing secret): the fee that is charged, where to write to,
 * and what the teacher set on /AdminPage (instructor, privacy policy owner, next batch, FAQ, time zone). The server
 * renders them into every page it serves, embeds them for the browser, and answers them at `GET /api/v1/site`. The
 * admin's own email is not one of them. No zod here: the landing page's bundle imports this.
 */

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface SiteInfo {
  contactEmail: string;
  courseFeePaise: number;
  instructorName: string;
  /** Paragraphs separated by blank lines. */
  instructorBio: string;
  instructorPhotoUrl: string | null;
  profileUrl: string;
  privacyOwnerName: string;
  privacyAddress: string;
  privacyEmail: string;
  /** The name receipts are issued in. */
  businessName: string;
  /** The business's GST registration number, printed on receipts when set. */
  gstin: string | null;
  /** 'YYYY-MM-DD', or null while no date is announced. */
  nextBatchDate: string | null;
  faqs: FaqEntry[];
  timeZone: string;
}

/** Where people write when something went wrong, until CONTACT_EMAIL says otherwise. */
export const DEFAULT_CONTACT_EMAIL = 'support@c-course.local';

/** What the site shows until the teacher changes it (the fee and contact address come from the configuration). */
export const DEFAULT_SITE_CONTENT = {
  instructorName: 'Course instructor',
  instructorBio:
    'Your instructor is a C and C++ trainer and a former faculty member of a software training institute, who has taught programming to hundreds of beginners, students and working professionals.\n\n' +
    'Alongside teaching, the instructor is a freelance full stack developer working with Ruby on Rails and React, and brings that everyday experience of building software into every class: why C works the way it does, and how the habits you learn here carry over to any language you pick up next.',
  instructorPhotoUrl: null,
  profileUrl: 'https://www.linkedin.com/',
  privacyOwnerName: 'C Programming Learning Hub (owner and data controller)',
  privacyAddress: 'Thiruvananthapuram, Kerala 695001, India',
  privacyEmail: 'privacy@c-programming-hub.in',
  businessName: 'C Programming Learning Hub',
  gstin: null,
  nextBatchDate: null,
  faqs: [
    {
      question: 'Do I need any prior programming experience?',
      answer: 'No. The course starts from the very beginning: no prior programming experience is needed.',
    },
    {
      question: 'How are the classes conducted?',
      answer:
        'Each session has a video-meeting link. You listen to the session, note your doubts and clarify them at the end of the session.',
    },
    {
      question: 'Will I get to practise?',
      answer: 'Yes. Hands-on practice follows each topic, with program exercises on your dashboard.',
    },
    {
      question: 'When do I pay the fee?',
      answer: 'Any time before the batch starts. If you cancel before the batch starts, you get a full refund.',
    },
  ],
  timeZone: 'Asia/Kolkata',
} satisfies Omit<SiteInfo, 'contactEmail' | 'courseFeePaise'>;

/** The id of the JSON block that carries SiteInfo in every page. */
export const SITE_INFO_ELEMENT_ID = 'site-info';

/** SiteInfo as a JSON block inside HTML: `<` escaped, so no text in it can close the script element. */
export function siteInfoScript(info: SiteInfo): string {
  const fields: Required<SiteInfo> = {
    contactEmail: info.contactEmail,
    courseFeePaise: info.courseFeePaise,
    instructorName: info.instructorName,
    instructorBio: info.instructorBio,
    instructorPhotoUrl: info.instructorPhotoUrl,
    profileUrl: info.profileUrl,
    privacyOwnerName: info.privacyOwnerName,
    privacyAddress: info.privacyAddress,
    privacyEmail: info.privacyEmail,
    businessName: info.businessName,
    gstin: info.gstin,
    nextBatchDate: info.nextBatchDate,
    faqs: info.faqs.map(({ question, answer }) => ({ question, answer })),
    timeZone: info.timeZone,
  };
  // Named one by one, so nothing else on the object given (a secret) reaches the page.
  const json = JSON.stringify(fields).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${SITE_INFO_ELEMENT_ID}">${json}</script>`;
}

/** The biography's paragraphs: blank lines separate them. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * '2027-01-04' -> '4 Jan 2027' (as formatDate prints it), by hand: the landing page makes no Intl call. Anything else
 * comes back as it is.
 */
export function spelledDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : isoDate;
}

/**
 * How the teacher is named on grades, comments and the admin header: the instructor's name from Site Settings; while
 * that is still the first-start default, the admin account's own name ("Teacher" if it has none).
 */
export function teacherName(instructorName: string, account: { first_name: string; last_name: string }): string {
  const name = instructorName.trim();
  if (name && name !== DEFAULT_SITE_CONTENT.instructorName) return name;
  return `${account.first_name} ${account.last_name}`.trim() || 'Teacher';
}
