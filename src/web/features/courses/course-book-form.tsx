import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { courseBookInputSchema } from '../../../contracts/course-content';
import { useConfirm } from '../../components/confirm-dialog';
import { adminCourseBookQuery } from '../../lib/course-api';
import { useSetCourseBook } from './api';
import { PanelError } from '../../components/admin-panel';
import { Input } from '../../components/form-kit';

type CourseBookInput = z.input<typeof courseBookInputSchema>;

/** The course book students see in My Classes: its Google Drive link, changed or removed (removal asked first). */
export function CourseBookForm() {
  const { confirm, dialog } = useConfirm();
  const book = useQuery(adminCourseBookQuery());
  const bookForm = useForm<CourseBookInput>({
    resolver: zodResolver(courseBookInputSchema, undefined, { raw: true }),
    defaultValues: { url: '' },
  });
  const bookError = bookForm.formState.errors.url;
  const saveBook = useSetCourseBook();

  const onSaveBook = ({ url }: CourseBookInput) => {
    // An empty link removes the book students see: asked first, like every other removal.
    if (url.trim() === '' && book.data?.preview_url) {
      void confirm({
        title: 'Remove the course book?',
        message: (
          <p className="mb-0">Students no longer see the course book in My Classes until you save a new link.</p>
        ),
        confirmLabel: 'Remove the course book',
        action: () => saveBook.mutateAsync(''),
      });
      return;
    }
    saveBook.mutate(url, { onSuccess: () => bookForm.reset({ url: '' }) });
  };

  return (
    <>
      <h3 className="h5 mt-4">Course book</h3>
      <p className="mb-1">
        {book.data?.preview_url ? (
          <>
            Students see{' '}
            <a href={book.data.preview_url} target="_blank" rel="noopener noreferrer">
              this Google Drive file
            </a>{' '}
            in My Classes.
          </>
        ) : (
          'No course book yet.'
        )}
      </p>
      <PanelError error={saveBook.error} />
      <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={bookForm.handleSubmit(onSaveBook)} noValidate>
        <Input
          id="course-book-url"
          containerClassName="flex-grow-1"
          label="Google Drive link of the course book (empty to remove)"
          type="url"
          placeholder="https://drive.google.com/file/d/…"
          {...bookForm.register('url')}
          error={bookError}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={saveBook.isPending}>
          Save course book
        </button>
      </form>
      {dialog}
    </>
  );
}
