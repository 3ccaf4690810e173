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
