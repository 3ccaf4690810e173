import { paragraphsOf } from '../../../contracts/site-info';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useSiteInfo } from '../../lib/site-info';

export function AboutUsPage() {
  usePageTitle('About Us');
  const { instructorName, instructorBio, instructorPhotoUrl, profileUrl } = useSiteInfo();
  return (
    <article className="container page-narrow">
      <h1>About Us</h1>
      <p>
        The C Programming Learning Hub is run by a trainer who has spent years helping beginners take their first steps
        in programming.
      </p>
      <h2 className="h4">{instructorName}</h2>
      <div className="instructor mb-3">
        {instructorPhotoUrl ? (
          <img
            className="instructor-photo"
            src={instructorPhotoUrl}
            alt={`Photo of ${instructorName}`}
            width={160}
            height={160}
          />
        ) : null}
        <div>
          {paragraphsOf(instructorBio).map((paragraph) => (
            <p key={paragraph} className="settings-text">
              {paragraph}
            </p>
          ))}
        </div>
      </div>
      <p>
        The course is taught live, in small batches, with program exercises after each topic and time at the end of
        every session to clear your doubts.
      </p>
      <p>
        <a href={profileUrl} rel="noopener noreferrer" target="_blank">
          View the instructor’s professional profile
        </a>
      </p>
    </article>
  );
}
