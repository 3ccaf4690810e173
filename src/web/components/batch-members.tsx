import type { BatchMember } from '../../contracts/admin';
import { ScrollRegion } from './scroll-region';
import { StatusBadge } from './status-badge';

/**
 * The students of a batch. Create Batch's Show Present Students lists them with their batch and status (the spec's
 * email, batch, status); Program Exercises' Show batch List with id and email: the students a Send Task would reach.
 */
export function BatchMembers({
  batch,
  members,
  columns = 'status',
}: {
  batch: number | string;
  members: BatchMember[];
  columns?: 'status' | 'id';
}) {
  if (members.length === 0) return <p>No student in batch {batch} yet.</p>;
  return (
    <ScrollRegion label="Students in the batch" className="mb-3">
      <table className={columns === 'id' ? 'table table-sm w-auto mb-0' : 'table table-sm mb-0'}>
        {columns === 'id' ? <caption className="caption-top">Students in batch {batch}</caption> : null}
        <thead>
          <tr>
            {columns === 'id' ? <th scope="col">Id</th> : null}
            <th scope="col">Email</th>
            {columns === 'status' ? (
              <>
                <th scope="col">Batch</th>
                <th scope="col">Status</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id}>
              {columns === 'id' ? <td>{m.id}</td> : null}
              <td className="text-nowrap">{m.email}</td>
              {columns === 'status' ? (
                <>
                  <td>{m.student_batch}</td>
                  <td>
                    <StatusBadge status={m.student_status} />
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
