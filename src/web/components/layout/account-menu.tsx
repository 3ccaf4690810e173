import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { dashboardPaths, paths } from '../../../contracts/paths';
import { useStoredRole } from '../../lib/auth-store';
import { useNotificationStream, useUnreadCount } from '../../lib/notification-stream';
import { notificationsName, UnreadBadge } from '../notifications/unread-badge';
import { PersonIcon } from './person-icon';

/**
 * The header's person-icon dropdown, a disclosure button over a list of links styled with
 * Bootstrap's dropdown classes: Escape, a click or focus outside it closes it; arrow keys move between items.
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
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('click', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const moveFocus = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
    // The list is display:none until React renders it open, so focus moves on the next frame.
    requestAnimationFrame(() => {
      const items = [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.dropdown-item') ?? [])];
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        current === -1 ? (step === 1 ? 0 : items.length - 1) : (current + step + items.length) % items.length;
      items[next]?.focus();
    });
  };

  const closeOnLink = (event: MouseEvent<HTMLUListElement>) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  };

  return (
    <li ref={rootRef} className="nav-item dropdown account-menu" onKeyDown={moveFocus}>
      <button
        ref={toggleRef}
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls="account-menu-items"
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <PersonIcon />
        <span className="visually-hidden">
          {unread ? `Account menu, ${unread} unread notifications` : 'Account menu'}
        </span>
        <UnreadBadge count={unread} />
      </button>
      {/* data-bs-popper="static" is Bootstrap's hook for a dropdown placed by CSS alone
          (below the toggle, right-aligned). */}
      <ul
        id="account-menu-items"
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        data-bs-popper="static"
        onClick={closeOnLink}
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
    </li>
  );
}
