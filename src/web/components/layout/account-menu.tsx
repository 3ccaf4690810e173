import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { dashboardPaths, paths } from '../../../contracts/paths';
import { useStoredRole } from '../../lib/auth-store';
import { attachDisclosure } from '../../lib/disclosure';
import { useNotificationStream, useUnreadCount } from '../../lib/notification-stream';
import { accountMenuName, notificationsName } from '../../lib/unread-text';
import { UnreadBadge } from '../notifications/unread-badge';
import { PersonIcon } from './person-icon';

/**
 * The header's person-icon dropdown, a `<details>` disclosure (it opens with JavaScript off too) over a list of
 * links styled with Bootstrap's dropdown classes: Escape, a click or focus outside it closes it; arrow keys move
 * between items (lib/disclosure.ts, shared with the static pages' island script).
 * Hand-made rather than react-bootstrap's NavDropdown, whose Popper and overlay code added some 20 KB gzip to the
 * landing page's JavaScript (docs/decisions/007-landing-page-weight.md).
 */
export function AccountMenu({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  // The admin's dashboard is /AdminPage; their Edit Profile (/Profile) shows the admin's own account page.
  const isAdmin = useStoredRole() === 'admin';
  // The one live notification stream of the tab: the header is on every page.
  useNotificationStream(signedIn);
  const unread = useUnreadCount();
  const rootRef = useRef<HTMLLIElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(
    () => attachDisclosure(detailsRef.current!, { within: rootRef.current!, menu: true, items: '.dropdown-item' }),
    [],
  );

  return (
    <li ref={rootRef} className="nav-item dropdown account-menu">
      <details ref={detailsRef} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="nav-link dropdown-toggle" aria-controls="account-menu-items">
          <PersonIcon />
          <span className="visually-hidden">{accountMenuName(unread)}</span>
          <UnreadBadge count={unread} />
        </summary>
        {/* data-bs-popper="static" is Bootstrap's hook for a dropdown placed by CSS alone
          (below the toggle, right-aligned). */}
        <ul
          id="account-menu-items"
          className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
          data-bs-popper="static"
        >
          <li>
            <Link className="dropdown-item" to={isAdmin ? paths.admin : paths.dashboard}>
              My Dashboard
            </Link>
          </li>
          {signedIn ? (
            <li>
              <Link
                className="dropdown-item d-flex justify-content-between align-items-center gap-2"
                to={isAdmin ? `${paths.admin}#notifications` : `${paths.dashboard}/${dashboardPaths.notifications}`}
                aria-label={notificationsName(unread)}
              >
                Notifications
                <UnreadBadge count={unread} />
              </Link>
            </li>
          ) : null}
          <li>
            <Link className="dropdown-item" to={paths.profile}>
              Edit Profile
            </Link>
          </li>
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            {signedIn ? (
              <Link className="dropdown-item" to={paths.logout}>
                Logout
              </Link>
            ) : (
              <Link className="dropdown-item" to={paths.login}>
                Login
              </Link>
            )}
          </li>
        </ul>
      </details>
    </li>
  );
}
