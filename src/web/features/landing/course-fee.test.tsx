import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONTENT } from '../../../contracts/site-info';
import { SiteInfoProvider } from '../../lib/site-info';
import { LandingPage } from './landing-page';

function landingWithFee(courseFeePaise: number): string {
  return renderToString(
    <SiteInfoProvider value={{ ...DEFAULT_SITE_CONTENT, courseFeePaise, contactEmail: 'help@course.example' }}>
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </SiteInfoProvider>,
  );
}

describe('the landing page shows the fee the server charges (one setting)', () => {
  it('shows the configured fee, with the regular fee struck through while the fee is below it', () => {
    const html = landingWithFee(250_000);
    expect(html).toContain('<span class="fee-new">Rs.2,500</span>');
    expect(html).toMatch(/<del[^>]*>Rs.4,000<\/del>/);
    expect(html).toContain('Introductory offer: <!-- -->Rs.2,500');
    expect(html).not.toContain('Rs.3,000');
  });

  it('drops the struck-through fee when the fee is not below it', () => {
    const html = landingWithFee(450_000);
    expect(html).toContain('<span class="fee-new">Rs.4,500</span>');
    expect(html).not.toContain('<del');
    expect(html).toContain('Course fee: <!-- -->Rs.4,500');
  });
});
