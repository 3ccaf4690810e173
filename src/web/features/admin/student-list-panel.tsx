import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ListedStudent, type StudentSortColumn, studentSearchSchema } from '../../../contracts/admin';
import { Input } from '../../components/form-kit';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { StatusBadge } from '../../components/status-badge';
import { EmailText } from '../../components/email-text';
import { type ListParams, type StudentListKind, downloadStudentList, useStudentList } from './api';
import { AdminPanel, Pager, PanelError } from '../../components/admin-panel';

export type Column =
  | 'pic'
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'mobile'
  | 'city'
  | 'country'
  | 'study'
  | 'college'
  | 'activated'
  | 'status'
  | 'batch'
  | 'attendance';

/**
 * Each column's header, sort key and cell. `nowrap` columns (emails, numbers) are never broken inside a word: a
 * table that is then too wide for the screen scrolls inside its own region.
 */
const columnInfo: Record<
  Column,
  { label: string; sort?: StudentSortColumn; nowrap?: boolean; cell: (s: ListedStudent) => ReactNode }
> = {
  pic: {
    label: 'Pic',
    cell: (s) =>
      s.get_image_url ? (
        <img
          src={s.get_image_url}
          alt={`Photo of ${s.first_name}`}
          width={56}
          height={56}
          className="admin-pic"
          loading="lazy"
        />
      ) : (
        <span className="admin-pic avatar-initials" aria-hidden="true">
          {s.first_name[0]?.toUpperCase()}
          {s.last_name[0]?.toUpperCase()}
        </span>
      ),
  },
  id: { label: 'Id', sort: 'id', nowrap: true, cell: (s) => s.id },
  first_name: { label: 'First Name', sort: 'first_name', cell: (s) => s.first_name },
  last_name: { label: 'Last Name', sort: 'last_name', cell: (s) => s.last_name },
  // An address may break at its dots or before its "@" (never inside a word): the list fits 1280 px, none of it
  // running under the Delete column.
  email: { label: 'Email', sort: 'email', cell: (s) => <EmailText email={s.email} /> },
  mobile: { label: 'Mobile', nowrap: true, cell: (s) => s.mobile },
  city: { label: 'City', sort: 'city', cell: (s) => s.city },
  country: { label: 'Country', sort: 'country', cell: (s) => s.country },
  study: { label: 'Study', cell: (s) => s.study },
  college: { label: 'College', cell: (s) => s.institution },
  activated: { label: 'Activated', nowrap: true, cell: (s) => (s.activated ? 'Yes' : 'No') },
  status: {
    label: 'Status',
    sort: 'student_status',
    nowrap: true,
    cell: (s) => <StatusBadge status={s.student_status} />,
  },
  batch: { label: 'Batch', sort: 'student_batch', nowrap: true, cell: (s) => s.student_batch ?? '' },
  // Sessions of the student's batch attended (present or late) of those held so far.
  attendance: {
    label: 'Attendance',
    nowrap: true,
    cell: (s) => (s.attendance ? `${s.attendance.attended} / ${s.attendance.held}` : ''),
  },
};

export const listColumns: Column[] = [
  'pic',
  'first_name',
  'last_name',
  'email',
  'mobile',
  'city',
  'country',
  'study',
  'college',
  'activated',
];

/**
 * The list's columns with the ones a teacher acts on (status, batch, attendance) right after the name, so they are
 * in view at 1280 px without scrolling; the contact details follow.
 */
export function columnsWithKeyFirst(key: Column[], { id = false } = {}): Column[] {
  const [pic, first, last, ...rest] = listColumns;
  return [pic!, ...(id ? (['id'] as Column[]) : []), first!, last!, ...key, ...rest];
}

interface Props {
  title: string;
  kind: StudentListKind;
  columns: Column[];
  emptyText: string;
  /** A button per row; `report` shows what it did above the list (a receipt's number, a certificate's code). */
  action?: { label: string; render: (student: ListedStudent, report: (message: ReactNode) => void) => ReactNode };
  /** Shown above the list (a task the panel's students need). */
  intro?: ReactNode;
  onExit: () => void;
}

/** A student list paged, sorted and searched on the server, downloadable as CSV. */
export function StudentListPanel({ title, kind, columns, emptyText, action, intro, onExit }: Props) {
  const [params, setParams] = useState<ListParams>({ q: '', sort: 'id', order: 'asc', page: 1, perPage: 25 });
  const searchForm = useForm<z.infer<typeof studentSearchSchema>>({
    resolver: zodResolver(studentSearchSchema),
    defaultValues: { q: '' },
  });
  const searchError = searchForm.formState.errors.q;
  const [csvError, setCsvError] = useState<unknown>(null);
  const [report, setReport] = useState<ReactNode>(null);
  // The row's button is gone once its mark is done (nothing left to update): the report takes the focus instead.
  const reportRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (report) reportRef.current?.focus();
  }, [report]);
  const { data, isPending, error, isFetching } = useStudentList(kind, params);
  const pages = data ? Math.max(1, Math.ceil(data.total / params.perPage)) : 1;

  const onSearch = searchForm.handleSubmit(({ q }) => setParams((p) => ({ ...p, q, page: 1 })));
  const sortBy = (sort: StudentSortColumn) =>
    setParams((p) => ({ ...p, sort, order: p.sort === sort && p.order === 'asc' ? 'desc' : 'asc', page: 1 }));
  const downloadCsv = async () => {
    setCsvError(null);
    try {
      await downloadStudentList(kind, params);
    } catch (caught) {
      setCsvError(caught);
    }
  };

  return (
    <AdminPanel title={title} onExit={onExit}>
      {intro}
      <div className="d-flex flex-wrap gap-2 mb-3 align-items-end">
        <form className="d-flex gap-2 align-items-start" role="search" onSubmit={onSearch} noValidate>
          <Input
            id={`search-${kind}`}
            containerClassName=""
            labelClassName="visually-hidden"
            label={`Search ${title}`}
            type="search"
            placeholder="Name, email, city, mobile"
            error={searchError}
            {...searchForm.register('q')}
          />
          <button type="submit" className="btn btn-outline-primary">
            Search
          </button>
        </form>
        <button type="button" className="btn btn-outline-secondary ms-auto" onClick={downloadCsv}>
          Download CSV
        </button>
      </div>
      <PanelError error={error ?? csvError} />
      {report ? (
        <div ref={reportRef} className="alert alert-success" role="status" tabIndex={-1}>
          {report}
        </div>
      ) : null}
      {isPending ? (
        <PageSpinner />
      ) : data && data.students.length === 0 ? (
        <p>{params.q ? 'No student matches the search.' : emptyText}</p>
      ) : data ? (
        <>
          <ScrollRegion label="Students">
            <table
              className={`table table-sm align-middle admin-table${action ? ' has-actions' : ''}${isFetching ? ' opacity-50' : ''}`}
              aria-busy={isFetching}
            >
              <thead>
                <tr>
                  {columns.map((column) => {
                    const info = columnInfo[column];
                    const sorted = info.sort === params.sort;
                    return (
                      <th
                        key={column}
                        scope="col"
                        aria-sort={sorted ? (params.order === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {info.sort ? (
                          <button
                            type="button"
                            className="btn btn-link btn-sm p-0 sort-button"
                            onClick={() => sortBy(info.sort ?? 'id')}
                          >
                            {info.label}
                            {sorted ? (params.order === 'asc' ? ' ▲' : ' ▼') : ''}
                          </button>
                        ) : (
                          info.label
                        )}
                      </th>
                    );
                  })}
                  {action ? <th scope="col">{action.label}</th> : null}
                </tr>
              </thead>
              <tbody>
                {data.students.map((student) => (
                  <tr key={student.id}>
                    {columns.map((column) => (
                      <td key={column} className={columnInfo[column].nowrap ? 'text-nowrap' : undefined}>
                        {columnInfo[column].cell(student)}
                      </td>
                    ))}
                    {action ? <td className="text-nowrap">{action.render(student, setReport)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            label={`${title} pages`}
            page={params.page}
            pages={pages}
            total={data.total}
            noun="student"
            onPage={(page) => setParams((p) => ({ ...p, page }))}
          />
        </>
      ) : null}
    </AdminPanel>
  );
}
