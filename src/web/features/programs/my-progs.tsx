import { useQuery } from '@tanstack/react-query';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { PageSpinner } from '../../components/page-spinner';
import { myProgramsQuery } from './api';
import { NeedsPayment } from '../../components/needs-payment';
import { errorText } from '../../lib/error-text';
import { plural } from '../../../contracts/wording';
import { ProgramCard, programStanding } from './program-card';

export function MyProgs({ student }: { student: StudentData }) {
  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  const programs = useQuery({
    ...myProgramsQuery(student.id),
    enabled: paid,
  });
  if (!paid) return <NeedsPayment title="My Progs" what="Program exercises" />;
  return (
    <>
      <h1 className="h4">My Progs</h1>
      {programs.isPending ? <PageSpinner /> : null}
      {programs.isError ? <div className="alert alert-danger">{errorText(programs.error)}</div> : null}
      {programs.data?.length === 0 ? <p>No program yet: your teacher sends them after each topic.</p> : null}
      {programs.data && programs.data.length > 0 ? (
        <p className="lead fs-6">
          {(() => {
            const done = programs.data.filter((p) => programStanding(p).done).length;
            return `Done: ${done} of ${plural(programs.data.length, 'program')} · to do: ${programs.data.length - done}`;
          })()}
        </p>
      ) : null}
      <ol className="list-unstyled">
        {[...(programs.data ?? [])]
          .sort((a, b) => a.program_number - b.program_number)
          .map((program) => (
            <ProgramCard key={program.id} program={program} />
          ))}
      </ol>
    </>
  );
}
