/**
 * Puts `text` in place of the first `marker` in `template`, exactly as written. `String.prototype.replace` with a
 * string reads `$&`, `$'`, `` $` ``, `$$` and `$<name>` in the replacement as patterns: a teacher's `printf("$&")` in
 * Site Settings or a student's testimonial would splice copies of the page into itself. A function's return value is
 * never read that way, so every place where stored text meets a template goes through here.
 */
export function insertLiteral(template: string, marker: string, text: string): string {
  return template.replace(marker, () => text);
}
