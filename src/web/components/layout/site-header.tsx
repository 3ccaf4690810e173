import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { SITE_NAME } from '../../../contracts/course';
import { paths } from '../../../contracts/paths';
import { useSignedIn } from '../../lib/auth-store';
import { attachDisclosure } from '../../lib/disclosure';
import { AccountMenu } from './account-menu';

/**
 * Bootstrap's navbar markup; below the md breakpoint the links fold behind a toggle, a `<details>` whose `[open]`
 * shows the links with JavaScript off too (the static pages' island script drives the same markup).
 */
export function SiteHeader() {
  const signedIn = useSignedIn();
  const [expanded, setExpanded] = useState(false);
  const toggleRef = useRef<HTMLDetailsElement>(null);
  const collapseRef = useRef<HTMLDivElement>(null);
  // On a phone, following a link folds the menu away again.
  useEffect(() => attachDisclosure(toggleRef.current!, { within: collapseRef.current! }), []);
  return (
    <header>
      <nav className="site-navbar navbar navbar-expand-md navbar-dark">
        <div className="container">
          <Link className="navbar-brand" to={paths.home}>
            <span className="brand-mark" aria-hidden="true">
              C
            </span>{' '}
            {SITE_NAME}
          </Link>
          <details
            ref={toggleRef}
            className="navbar-toggle"
            onToggle={(event) => setExpanded(event.currentTarget.open)}
          >
            <summary className={`navbar-toggler${expanded ? '' : ' collapsed'}`} aria-controls="site-nav">
              <span className="navbar-toggler-icon" aria-hidden="true" />
              <span className="visually-hidden">Open the menu</span>
            </summary>
          </details>
          <div ref={collapseRef} className={`navbar-collapse collapse${expanded ? ' show' : ''}`} id="site-nav">
            <ul className="navbar-nav ms-auto align-items-md-center">
              <li className="nav-item">
                <NavLink className="nav-link" to={paths.home} end>
                  Home
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink className="nav-link" to={paths.signup}>
                  Signup
                </NavLink>
              </li>
              <li className="nav-item">
                {signedIn ? (
                  <NavLink className="nav-link" to={paths.logout}>
                    Logout
                  </NavLink>
                ) : (
                  <NavLink className="nav-link" to={paths.login}>
                    Login
                  </NavLink>
                )}
              </li>
              <AccountMenu signedIn={signedIn} />
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}
