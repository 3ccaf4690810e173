import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { type DashboardMatch, dashboardPaths, matchDashboardPath, paths } from '../../../contracts/paths';
import { PageSpinner } from '../../components/page-spinner';
import { RequireAuth } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useProfile } from '../../lib/account-api';
import { ChangePasswordForm } from '../../components/change-password-form';
import { HomeSection } from '../../features/home/home';
import { NextClass } from '../../features/schedule/next-class';
import { CertificateCard } from '../../features/certificates/certificate-card';
import { MyClasses } from '../../features/schedule/my-classes';
import { MyDoubts } from '../../features/doubts/my-doubts';
import { MyFeedback } from '../../features/testimonials/my-feedback';
import { MyPayment } from '../../features/payments/my-payment';
import { MyProgs } from '../../features/programs/my-progs';
import { MyTests, SelfTest } from '../../features/quiz/self-test';
import { NotificationList } from '../../features/notifications/notification-list';
import { UnreadBadge } from '../../components/notifications/unread-badge';
import { notificationsName } from '../../lib/unread-text';
import { useUnreadCount } from '../../lib/notification-stream';

/** A program's workspace (the exercises feature), handed in by the app (app/dashboard-route.tsx). */
export type ProgramWorkspaceComponent = ComponentType<{ id: string }>;

/** The dashboard's menu labels, in their order (the original client's). */
const menu = [
  { section: 'myClasses', label: 'My Classes' },
  { section: 'myProgs', label: 'My Progs' },
  { section: 'myDoubts', label: 'My Doubts' },
  { section: 'myTests', label: 'My Tests' },
  { section: 'myPayment', label: 'My Payment' },
  { section: 'changePassword', label: 'Change Password' },
  { section: 'test', label: 'Take self assessment test' },
  { section: 'myFeedback', label: 'My Feedback (After course)' },
] as const;

/** The browser tab's title for a dashboard screen: the section's menu label. */
function titleOf(match: DashboardMatch): string {
  if (match.section === 'overview') return 'My Dashboard';
  if (match.section === 'program') return 'My Progs';
  if (match.section === 'notifications') return 'Notifications';
  return menu.find((item) => item.section === match.section)?.label ?? 'My Dashboard';
}

function BellIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zm.995-14.901a1 1 0 1 0-1.99 0A5.002 5.002 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901z" />
    </svg>
  );
}

interface SectionProps {
  match: DashboardMatch;
  student: StudentData;
  ProgramWorkspace: ProgramWorkspaceComponent;
}

function Section({ match, student, ProgramWorkspace }: SectionProps): ReactNode {
  switch (match.section) {
    case 'overview':
      return <HomeSection student={student} NextClass={NextClass} certificate={<CertificateCard />} />;
    case 'program':
      return (
        <Suspense fallback={<PageSpinner />}>
          <ProgramWorkspace id={match.programId} />
        </Suspense>
      );
    case 'changePassword':
      return (
        <>
          <h1 className="h4">Change Password</h1>
          <ChangePasswordForm />
        </>
      );
    case 'myClasses':
      return <MyClasses student={student} />;
    case 'myProgs':
      return <MyProgs student={student} />;
    case 'myDoubts':
      return <MyDoubts student={student} />;
    case 'myTests':
      return <MyTests />;
    case 'myPayment':
      return <MyPayment student={student} />;
    case 'test':
      return <SelfTest />;
    case 'myFeedback':
      return <MyFeedback student={student} />;
    case 'notifications':
      return <NotificationList />;
  }
}

function Dashboard({
  match,
  ProgramWorkspace,
}: {
  match: DashboardMatch;
  ProgramWorkspace: ProgramWorkspaceComponent;
}) {
  const { data: student } = useProfile();
  const { pathname } = useLocation();
  // On a phone the menu folds away; it opens on request and closes again on navigation.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === pathname;
  const unread = useUnreadCount();
  if (!student) return null;
  return (
    <div className="dashboard">
      <nav className="dashboard-menu" aria-label="Dashboard">
        <div className="dashboard-person">
          {student.get_image_url ? (
            <img src={student.get_image_url} alt="" width={64} height={64} className="avatar" />
          ) : (
            <span className="avatar avatar-initials" aria-hidden="true">
              {student.first_name[0]?.toUpperCase()}
            </span>
          )}
          <strong>{student.first_name}</strong>
          <NavLink
            to={`${paths.dashboard}/${dashboardPaths.notifications}`}
            className="btn btn-outline-secondary btn-sm ms-auto notifications-link"
            aria-label={notificationsName(unread)}
          >
            <BellIcon />
            <UnreadBadge count={unread} />
          </NavLink>
        </div>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm dashboard-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="dashboard-menu-list"
          onClick={() => setMenuFor(menuOpen ? null : pathname)}
        >
          Menu
        </button>
        <ul id="dashboard-menu-list" className={menuOpen ? 'open' : undefined}>
          {menu
            // Feedback is asked for after the course: the item appears once the student has completed it.
            .filter((item) => item.section !== 'myFeedback' || student.student_status === STUDENT_STATUS.completed)
            .map((item) => (
              <li key={item.section}>
                <NavLink to={`${paths.dashboard}/${dashboardPaths[item.section]}`} end={item.section !== 'myProgs'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <section className="dashboard-content">
        <Section match={match} student={student} ProgramWorkspace={ProgramWorkspace} />
      </section>
    </div>
  );
}

/** /DashPage and its sections; app-routes lists each address, so anything else there is a page not found. */
export function DashboardPage({ programWorkspace }: { programWorkspace: ProgramWorkspaceComponent }) {
  const { pathname } = useLocation();
  const match = matchDashboardPath(pathname) ?? { section: 'overview' };
  usePageTitle(titleOf(match));
  return (
    <div className="container-lg page-wide">
      <RequireAuth role="student">
        <Dashboard match={match} ProgramWorkspace={programWorkspace} />
      </RequireAuth>
    </div>
  );
}
