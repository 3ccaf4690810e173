import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SETTING_LABELS } from '../../../contracts/settings';
import { RequireAuth } from '../../components/require-auth';
import { NotificationsSection } from '../../components/notifications/notifications-section';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useProfile } from '../../lib/account-api';
import { siteSettingsQuery } from './admin-api';
import { BatchPanel } from './batch-panel';
import { CoursePanel } from './course-panel';
import { DoubtsPanel } from './doubts-panel';
import { GradebookPanel } from './gradebook-panel';
import { QuestionsPanel } from './questions-panel';
import { OutboxPanel } from './outbox-panel';
import { PaymentsPanel } from './payments-panel';
import { SupervisionPanel } from './supervision-panel';
import { ProgramsPanel } from './programs-panel';
import { SchedulePanel } from './schedule-panel';
import { SettingsPanel } from './settings-panel';
import { DeleteStudentButton, UpdateStatusButton } from './student-actions';
import { StudentListPanel, listColumns } from './student-list-panel';

const panels = [
  'List of Old Students',
  'List of New Students',
  'List of Regd Students',
  'Create Batch',
  'Create Course',
  'Class Schedule',
  'Program Exercises',
  'Live supervision',
  'Update Payment Status',
  'Payments',
  'Update Course Completion',
  'Data View',
  'Doubts',
  'Self assessment questions',
  'Mail outbox',
  'Site Settings',
] as const;
type Panel = (typeof panels)[number];

function OpenPanel({ panel, onExit }: { panel: Panel; onExit: () => void }) {
  switch (panel) {
    case 'List of Old Students':
      return (
        <StudentListPanel
          title="List of Old Students"
          kind="old"
          columns={listColumns}
          emptyText="No old student"
          onExit={onExit}
        />
      );
    case 'List of New Students':
      return (
        <StudentListPanel
          title="List of New Students"
          kind="new"
          columns={[...listColumns, 'status', 'batch', 'attendance']}
          emptyText="No new student"
          onExit={onExit}
        />
      );
    case 'List of Regd Students':
      return (
        <StudentListPanel
          title="List of Regd Students"
          kind="regd"
          columns={['pic', 'id', ...listColumns.slice(1), 'status', 'batch', 'attendance']}
          emptyText="No new student"
          action={{ label: 'Delete', render: (s) => <DeleteStudentButton student={s} /> }}
          onExit={onExit}
        />
      );
    case 'Create Batch':
      return <BatchPanel onExit={onExit} />;
    case 'Create Course':
      return <CoursePanel onExit={onExit} />;
    case 'Class Schedule':
      return <SchedulePanel onExit={onExit} />;
    case 'Program Exercises':
      return <ProgramsPanel onExit={onExit} />;
    case 'Live supervision':
      return <SupervisionPanel onExit={onExit} />;
    case 'Update Payment Status':
      return (
        <StudentListPanel
          title="Update Payment Status"
          kind="all"
          columns={['first_name', 'last_name', 'email', 'status']}
          emptyText="No new student"
          action={{ label: 'Update', render: (s) => <UpdateStatusButton student={s} to={1} /> }}
          onExit={onExit}
        />
      );
    case 'Payments':
      return <PaymentsPanel onExit={onExit} />;
    case 'Update Course Completion':
      return (
        <StudentListPanel
          title="Update Course Completion"
          kind="all"
          columns={['first_name', 'last_name', 'email', 'status']}
          emptyText="No new student"
          action={{ label: 'Update', render: (s) => <UpdateStatusButton student={s} to={2} /> }}
          onExit={onExit}
        />
      );
    case 'Data View':
      return (
        <StudentListPanel
          title="Student Data"
          kind="all"
          columns={['pic', 'id', ...listColumns.slice(1), 'status', 'batch', 'attendance']}
          emptyText="No new student"
          action={{ label: 'Delete', render: (s) => <DeleteStudentButton student={s} /> }}
          onExit={onExit}
        />
      );
    case 'Doubts':
      return <DoubtsPanel onExit={onExit} />;
    case 'Self assessment questions':
      return <QuestionsPanel onExit={onExit} />;
    case 'Mail outbox':
      return <OutboxPanel onExit={onExit} />;
    case 'Site Settings':
      return <SettingsPanel onExit={onExit} />;
  }
}

/** Which site settings still hold what the site started with, so the teacher knows what is left to fill in. */
function SettingsDefaultsNotice({ onOpen }: { onOpen: () => void }) {
  const { data } = useQuery(siteSettingsQuery());
  if (!data || data.defaults.length === 0) return null;
  return (
    <section
      className="alert alert-info d-flex flex-wrap align-items-center gap-2"
      aria-label="Settings still at their first values"
    >
      <span className="flex-grow-1">
        Still the first-start defaults: {data.defaults.map((name) => SETTING_LABELS[name]).join(', ')}.
      </span>
      <button type="button" className="btn btn-sm btn-primary" onClick={onOpen}>
        Open Site Settings
      </button>
    </section>
  );
}

function AdminDashboard() {
  const { data: admin } = useProfile();
  const [panel, setPanel] = useState<Panel | null>(null);
  if (!admin) return null;
  return (
    <>
      <p className="text-success mb-1">
        Logged In: {admin.first_name} {admin.last_name}
      </p>
      <h1 className="h2 mb-3">Admin Dashboard</h1>
      <GradebookPanel />
      <SettingsDefaultsNotice onOpen={() => setPanel('Site Settings')} />
      <NotificationsSection />
      <div className="admin-buttons mb-4">
        {panels.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn ${panel === name ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={panel === name}
            onClick={() => setPanel(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {panel ? <OpenPanel panel={panel} onExit={() => setPanel(null)} /> : null}
    </>
  );
}

export function AdminPage() {
  usePageTitle('Admin Dashboard');
  return (
    <div className="container-xl page-wide">
      <RequireAuth role="admin">
        <AdminDashboard />
      </RequireAuth>
    </div>
  );
}
