import { anchorComment, type CodeComment, type CommentSource } from '../../../contracts/exercises/supervision.js';

/** A stored comment as the API lists it: placed on its line in `code` as it is now, or outdated (now_line null). */
export function listedComment(
  row: {
    id: number;
    line: number;
    body: string;
    author_name: string;
    created_at: string;
    line_text: string | null;
    written_on: CommentSource | null;
  },
  code: string,
): CodeComment {
  return {
    id: row.id,
    line: row.line,
    body: row.body,
    author: row.author_name,
    created_at: row.created_at,
    line_text: row.line_text,
    written_on: row.written_on,
    now_line: anchorComment(code, row),
  };
}
