import { lazy, Suspense, useState } from 'react';
import { NavLink, Route, Routes, useLocation } from 'react-router';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { dashboardPaths, paths } from '../../../contracts/paths';
import { PageSpinner } from '../../components/page-spinner';
import { RequireAuth } from '../../components/require-auth';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useProfile } from '../auth/auth-api';
import { ChangePasswordForm } from '../auth/change-password-form';
import { MyClasses } from './sections/my-classes';
import { MyDoubts } from './sections/my-doubts';
import { MyFeedback } from './sections/my-feedback';
import { MyPayment } from './sections/my-payment';
import { MyProgs } from './sections/my-progs';
import { MyTests, SelfTest } from './sections/self-test';
import { StatusBadge } from './status-badge';

// The C editor (CodeMirror) is loaded only when a student opens a program.
const ProgramWorkspace = lazy(() => import('../exercises/program-workspace'));

/** The spec's menu labels, in its order. */
const menu = [
  { to: dashboardPaths.myClasses, label: 'My Classes' },
  { to: dashboardPaths.myProgs, label: 'My Progs' },
  { to: dashboardPaths.myDoubts, label: 'My Doubts' },
  { to: dashboardPaths.myTests, label: 'My Tests' },
  { to: dashboardPaths.myPayment, label: 'My Payment' },
  { to: dashboardPaths.changePassword, label: 'Change Password' },
  { to: dashboardPaths.test, label: 'Take self assessment test' },
  { to: dashboardPaths.myFeedback, label: 'My Feedback (After course)' },
] as const;

function Overview({ student }: { student: StudentData }) {
  return (
    <>
      <h2 className="h4">Welcome, {student.first_name}</h2>
      <p>
        Course status: <StatusBadge status={student.student_status} />
      </p>
      {student.mobile === null ? (
        <div className="alert alert-info">
          Your profile is not complete yet. <NavLink to={paths.createProfile}>Create your profile</NavLink> so that your
          teacher knows you.
        </div>
      ) : null}
      {student.student_status === STUDENT_STATUS.unpaid ? (
        <p>The next batch start date is announced by email. Join the batch by paying the course fee from My Payment.</p>
      ) : null}
      <p>Choose a section from the menu.</p>
    </>
  );
}

function Dashboard() {
  const { data: student } = useProfile();
  const { pathname } = useLocation();
  // On a phone the menu folds away; it opens on request and closes again on navigation.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === pathname;
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
          {menu.map((item) => (
            <li key={item.to}>
              <NavLink to={`${paths.dashboard}/${item.to}`}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="dashboard-content">
        <Routes>
          <Route index element={<Overview student={student} />} />
          <Route
            path={dashboardPaths.changePassword}
            element={
              <>
                <h2 className="h4">Change Password</h2>
                <ChangePasswordForm />
              </>
            }
          />
          <Route path={dashboardPaths.myClasses} element={<MyClasses student={student} />} />
          <Route path={dashboardPaths.myProgs} element={<MyProgs student={student} />} />
          <Route
            path={`${dashboardPaths.myProgs}/:id`}
            element={
              <Suspense fallback={<PageSpinner />}>
                <ProgramWorkspace />
              </Suspense>
            }
          />
          <Route path={dashboardPaths.myDoubts} element={<MyDoubts student={student} />} />
          <Route path={dashboardPaths.myTests} element={<MyTests />} />
          <Route path={dashboardPaths.myPayment} element={<MyPayment student={student} />} />
          <Route path={dashboardPaths.test} element={<SelfTest />} />
          <Route path={dashboardPaths.myFeedback} element={<MyFeedback student={student} />} />
          <Route path="*" element={<Overview student={student} />} />
        </Routes>
      </section>
    </div>
  );
}

export function DashboardPage() {
  usePageTitle('My Dashboard');
  return (
    <div className="container-lg page-wide">
      <RequireAuth>
        <Dashboard />
      </RequireAuth>
    </div>
  );
}
