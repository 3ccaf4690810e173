import { type AdminProgram, programLabel } from '../../../contracts/course-content';

/**
 * One program of the teacher's list: its number and topic, the task as students read it, and what can be done with
 * it, the main action (Send Task) first and the one that can't be undone (Delete) last.
 */
export function ProgramItem({
  program: p,
  testsOpen,
  onSend,
  onTests,
  onSolutions,
  onClose,
  onDelete,
  busy,
}: {
  program: AdminProgram;
  testsOpen: boolean;
  onSend: () => void;
  onTests: () => void;
  onSolutions: () => void;
  onClose: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <li className="program-item">
      <h4 className="h6 fw-bold mb-1">
        {programLabel(p)}
        {p.closed ? <span className="badge text-bg-secondary ms-2">Closed</span> : null}
        {p.topic ? <span className="badge text-bg-info ms-2">{p.topic}</span> : null}
      </h4>
      <p className="task-text mb-2">{p.task}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={onSend}>
          Send Task<span className="visually-hidden"> (program {p.program_number})</span>
        </button>
        <button type="button" className="btn btn-sm btn-outline-primary" aria-pressed={testsOpen} onClick={onTests}>
          Test cases<span className="visually-hidden"> of program {p.program_number}</span>
        </button>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onSolutions}>
          Solutions<span className="visually-hidden"> to program {p.program_number}</span>
        </button>
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={onClose}>
          {p.closed ? 'Reopen' : 'Close'}
          <span className="visually-hidden"> program {p.program_number}</span>
        </button>
        <button type="button" className="btn btn-sm btn-outline-danger ms-sm-auto" disabled={busy} onClick={onDelete}>
          Delete<span className="visually-hidden"> program {p.program_number}</span>
        </button>
      </div>
    </li>
  );
}
