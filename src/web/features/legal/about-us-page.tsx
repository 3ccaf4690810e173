import { usePageTitle } from '../../components/layout/use-page-title';

export const PROFESSIONAL_PROFILE_URL = 'https://www.linkedin.com/';

export function AboutUsPage() {
  usePageTitle('About Us');
  return (
    <article className="container page-narrow">
      <h1>About Us</h1>
      <p>
        The C Programming Learning Hub is run by a C and C++ trainer, a former faculty member of a software training
        institute, who has spent years helping beginners take their first steps in programming.
      </p>
      <p>
        Our instructor is also a freelance full stack developer working with Ruby on Rails and React, and brings that
        everyday experience of building software into every class: why C works the way it does, and how the habits you
        learn here carry over to any language you pick up next.
      </p>
      <p>
        The course is taught live, in small batches, with program exercises after each topic and time at the end of
        every session to clear your doubts.
      </p>
      <p>
        <a href={PROFESSIONAL_PROFILE_URL} rel="noopener noreferrer" target="_blank">
          View the instructor’s professional profile
        </a>
      </p>
    </article>
  );
}
