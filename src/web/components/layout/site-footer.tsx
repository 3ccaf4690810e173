import { Link } from 'react-router';
import { systemClock } from '../../../contracts/clock';
import { SITE_NAME } from '../../../contracts/course';
import { paths } from '../../../contracts/paths';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container d-flex flex-column flex-md-row gap-2 justify-content-between align-items-center">
        <p className="mb-0" suppressHydrationWarning>
          Copyright © {systemClock().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.aboutUs}>About Us</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
