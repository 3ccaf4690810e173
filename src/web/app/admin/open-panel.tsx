import { BatchPanel } from '../../features/admin/batch-panel';
import { CoursePanel } from '../../features/courses/course-panel';
import { DoubtsPanel } from '../../features/doubts/doubts-panel';
import { QuestionsPanel } from '../../features/quiz/questions-panel';
import { OutboxPanel } from '../../features/mail/outbox-panel';
import { MissingCertificates } from '../../features/certificates/missing-certificates';
import { PaymentsPanel } from '../../features/payments/payments-panel';
import { SupervisionPanel } from '../../features/exercises/supervision/supervision-panel';
import { DemoStepThrough } from '../../features/exercises/supervision/demo-step-through';
import { TestimonialsPanel } from '../../features/testimonials/testimonials-panel';
import { ProgramsPanel } from '../../features/programs/programs-panel';
import { ExerciseEditor } from '../../features/exercises/authoring/exercise-editor';
import { ImportExercises } from '../../features/exercises/authoring/import-exercises';
import { SchedulePanel } from '../../features/schedule/schedule-panel';
import { SettingsPanel } from '../../features/settings/settings-panel';
import { SimilarityPanel } from '../../features/similarity/similarity-panel';
import { DeleteStudentButton, UpdateStatusButton } from '../../features/admin/student-actions';
import { StudentListPanel, columnsWithKeyFirst, listColumns } from '../../features/admin/student-list-panel';
import type { Panel } from './admin-page';

/** The panel the admin chose in the menu, each with the list, columns or props it shows. */
export function OpenPanel({ panel, onExit }: { panel: Panel; onExit: () => void }) {
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
          columns={columnsWithKeyFirst(['status', 'batch', 'attendance'])}
          emptyText="No new student"
          onExit={onExit}
        />
      );
    case 'List of Regd Students':
      return (
        <StudentListPanel
          title="List of Regd Students"
          kind="regd"
          columns={columnsWithKeyFirst(['status', 'batch', 'attendance'], { id: true })}
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
      return <ProgramsPanel onExit={onExit} TestsEditor={ExerciseEditor} BankImport={ImportExercises} />;
    case 'Similarity check':
      return <SimilarityPanel onExit={onExit} />;
    case 'Live supervision':
      return <SupervisionPanel onExit={onExit} />;
    case 'Step through a program':
      return <DemoStepThrough onExit={onExit} />;
    case 'Update Payment Status':
      return (
        <StudentListPanel
          title="Update Payment Status"
          kind="all"
          columns={['first_name', 'last_name', 'email', 'status']}
          emptyText="No new student"
          action={{ label: 'Update', render: (s, report) => <UpdateStatusButton student={s} to={1} onDone={report} /> }}
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
          action={{ label: 'Update', render: (s, report) => <UpdateStatusButton student={s} to={2} onDone={report} /> }}
          intro={<MissingCertificates />}
          onExit={onExit}
        />
      );
    case 'Data View':
      return (
        <StudentListPanel
          title="Student Data"
          kind="all"
          columns={columnsWithKeyFirst(['status', 'batch', 'attendance'], { id: true })}
          emptyText="No new student"
          action={{ label: 'Delete', render: (s) => <DeleteStudentButton student={s} /> }}
          onExit={onExit}
        />
      );
    case 'Doubts':
      return <DoubtsPanel onExit={onExit} />;
    case 'Testimonials':
      return <TestimonialsPanel onExit={onExit} />;
    case 'Self assessment questions':
      return <QuestionsPanel onExit={onExit} />;
    case 'Mail outbox':
      return <OutboxPanel onExit={onExit} />;
    case 'Site Settings':
      return <SettingsPanel onExit={onExit} />;
  }
}
