import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONTENT, type SiteInfo, siteInfoScript } from '../../../contracts/site-info';
import { parseSiteInfo, SiteInfoProvider } from '../../lib/site-info';
import { LandingPage } from './landing-page';

const site: SiteInfo = {
  ...DEFAULT_SITE_CONTENT,
  courseFeePaise: 300_000,
  contactEmail: 'help@course.example',
  instructorName: 'Anita Menon',
  instructorBio: 'Teaches C.\n\nWrites Rails.',
  instructorPhotoUrl: '/uploads/photos/abc.webp',
  profileUrl: 'https://example.com/anita',
  nextBatchDate: '2027-01-04',
  faqs: [{ question: 'Is there a certificate?', answer: 'Yes.' }],
};

const landing = (info: SiteInfo) =>
  renderToString(
    <SiteInfoProvider value={info}>
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </SiteInfoProvider>,
  );

describe('the landing page shows the teacher’s settings', () => {
  it('names the instructor, with photo, biography paragraphs, profile link, the next batch and the FAQ', () => {
    const html = landing(site);
    expect(html).toContain('Anita Menon');
    expect(html).toContain('src="/uploads/photos/abc.webp"');
    expect(html).toContain('<p class="instructor-text">Teaches C.</p>');
    expect(html).toContain('<p class="instructor-text">Writes Rails.</p>');
    expect(html).toContain('href="https://example.com/anita"');
    expect(html).toContain('Next batch starts on <strong>4 Jan 2027</strong>');
    expect(html).toContain('<dt>Is there a certificate?</dt>');
    expect(html).not.toContain('Do I need any prior programming experience?');
  });

  it('says nothing of a next batch or a photo the teacher has not set', () => {
    const html = landing({ ...site, nextBatchDate: null, instructorPhotoUrl: null });
    expect(html).not.toContain('Next batch');
    expect(html).not.toContain('<img');
  });
});

describe('the embedded site facts', () => {
  it('read back exactly what the server embedded', () => {
    const script = siteInfoScript({ ...site, instructorBio: '</script><b>' });
    const text = /<script[^>]*>(.*)<\/script>$/.exec(script)?.[1] ?? '';
    expect(text).not.toContain('</script><b>');
    expect(parseSiteInfo(text)).toEqual({ ...site, instructorBio: '</script><b>' });
  });

  it('are not trusted when a field is missing or of the wrong kind', () => {
    const json = (change: object) => JSON.stringify({ ...site, ...change });
    expect(parseSiteInfo(json({ faqs: [{ question: 1 }] }))).toBeUndefined();
    expect(parseSiteInfo(json({ courseFeePaise: '300000' }))).toBeUndefined();
    expect(parseSiteInfo(json({ instructorName: undefined }))).toBeUndefined();
    expect(parseSiteInfo('{oops')).toBeUndefined();
    expect(parseSiteInfo(json({ secret: 'x' }))).not.toHaveProperty('secret');
  });
});
