import { usePageTitle } from '../../components/layout/use-page-title';

export function TermsPage() {
  usePageTitle('Terms');
  return (
    <article className="container page-narrow">
      <h1>Terms</h1>
      <p>These terms apply to every batch of the C Programming Language course.</p>
      <ol className="terms-list">
        <li>The course fee may be paid any time before the batch starts.</li>
        <li>If you cancel before the batch starts, you get a full refund of the fee.</li>
        <li>
          If you cancel after joining the batch and attending classes, no refund is given unless there is a genuine
          reason.
        </li>
      </ol>
    </article>
  );
}
