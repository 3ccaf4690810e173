import { type CodeComment, outdatedCommentText } from '../../contracts/exercises/supervision';

/**
 * Where a teacher's comment is: "Line 4: " when its line is still there (moved with the code around it), or marked
 * outdated with what the line read, as code review tools show a comment whose line changed.
 */
export function CommentPlace({ comment }: { comment: CodeComment }) {
  if (comment.now_line !== null) return <>Line {comment.now_line}: </>;
  return (
    <>
      <span className="badge text-bg-warning me-1">Outdated</span>
      <span className="text-body-secondary">{outdatedCommentText(comment)}</span>{' '}
    </>
  );
}
