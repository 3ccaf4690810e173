import { type MouseEvent, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { SITE_NAME } from '../../../contracts/course';
import { paths } from '../../../contracts/paths';
import { useSignedIn } from '../../lib/auth-store';
import { AccountMenu } from './account-menu';

/** Bootstrap's navbar markup; below the md breakpoint the links fold behind a toggle button. */
export function SiteHeader() {
  const signedIn = useSignedIn();
  const [expanded, setExpanded] = useState(false);
  // On a phone, following a link folds the menu away again.
  const collapseOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) setExpanded(false);
  };
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
          <button
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="site-nav"
            aria-expanded={expanded}
            aria-label="Open the menu"
            onClick={() => setExpanded((isExpanded) => !isExpanded)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div className={`navbar-collapse collapse${expanded ? ' show' : ''}`} id="site-nav" onClick={collapseOnLink}>
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
