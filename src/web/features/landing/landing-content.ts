/** The landing page's words, kept apart from its markup. */

export const featureCards = [
  {
    title: 'Live interactive classes',
    text: 'Learn in a small batch over a live video meeting. Ask, try and get answers while the topic is fresh.',
  },
  {
    title: 'Assessment tests',
    text: 'Check your understanding with a self assessment test and see exactly where to improve.',
  },
  {
    title: 'Topic-wise exercises',
    text: 'Every topic comes with program exercises you write yourself, reviewed by your teacher.',
  },
] as const;

export const features = [
  'Beginner-friendly lessons',
  'Hands-on coding exercises',
  'Doubts clarified on the spot',
  'Flexible scheduling',
  'Live supervision while you work with programs',
] as const;

export const howItWorks = [
  'Register online.',
  'The next batch start date is announced and registered students are told by email.',
  'Join the batch by paying the course fee online.',
  'A video-meeting link is sent to everyone who joins.',
  'Join the classes through the link.',
  'Your dashboard shows your classes, programs, tests and progress.',
] as const;

export const faqs = [
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
] as const;

export const instructor = {
  heading: 'Your instructor',
  paragraphs: [
    'Your instructor is a C and C++ trainer and a former faculty member of a software training institute, who has taught programming to hundreds of beginners, students and working professionals.',
    'Alongside teaching, the instructor works as a freelance full stack developer (Ruby on Rails and React), so every lesson connects the fundamentals of C with how software is really built.',
  ],
} as const;
