import { SITE_NAME } from '../../../contracts/course';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useSiteInfo } from '../../lib/site-info';

export function PrivacyPolicyPage() {
  usePageTitle('Privacy Policy');
  const { privacyOwnerName, privacyAddress, privacyEmail } = useSiteInfo();
  return (
    <article className="container page-narrow">
      <h1>Privacy Policy of {SITE_NAME}</h1>
      <p>This page explains which personal data the learning hub collects from its students and how it is handled.</p>

      <h2>Owner and Data Controller</h2>
      <address className="settings-text">
        {privacyOwnerName}
        <br />
        {privacyAddress}
        <br />
        Owner contact email: <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>
      </address>

      <h2>Types of Data collected</h2>
      <p>Among the personal data this site collects, by itself or through third parties, there are:</p>
      <ul>
        <li>name</li>
        <li>email</li>
        <li>mobile number</li>
        <li>student address</li>
      </ul>
      <p>
        This data is provided by you when you sign up and create your profile, and is used to run the course: to verify
        your email, to tell you about batches and classes, to take the course fee and to keep your progress.
      </p>

      <h2>Mode and place of processing the Data</h2>
      <h3>Methods of processing</h3>
      <p>
        The owner takes appropriate security measures to prevent unauthorised access, disclosure, modification or
        unauthorised destruction of the data. Processing is carried out using computers and IT-enabled tools, following
        organisational procedures and modes strictly related to the purposes indicated.
      </p>
      <h3>Place</h3>
      <p>
        The data is processed at the owner’s operating offices and in any other places where the parties involved in the
        processing are located.
      </p>
      <h3>Retention time</h3>
      <p>
        Personal data is processed and stored for as long as required by the purpose it has been collected for. Personal
        data may be retained for a longer period whenever the owner is subject to a legal obligation to do so, or
        whenever you have given consent to such processing.
      </p>

      <h2>Your rights</h2>
      <p>
        You can view and correct your profile at any time from your dashboard, and you can ask the owner to delete your
        account by writing to the email above.
      </p>
    </article>
  );
}
