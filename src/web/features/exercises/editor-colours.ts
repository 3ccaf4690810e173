/**
 * The C editor's syntax colours. CodeMirror's default highlight style draws escapes in C strings ("\n") at
 * #e40, 3.8:1 on white, and types at #085, 4.5:1; every colour here reads at 4.5:1 or more on the editor's
 * white and on its light-blue active line (editor-colours.test.ts checks). Names follow @lezer/highlight's tags.
 */
export const editorColours = {
  keyword: '#770088',
  atom: '#221199',
  literal: '#116644',
  string: '#aa1111',
  escape: '#a63a00',
  definitionVariable: '#0000ff',
  localVariable: '#3300aa',
  typeName: '#00704a',
  className: '#116677',
  macroName: '#225566',
  definitionProperty: '#0000cc',
  comment: '#994400',
  meta: '#404740',
  invalid: '#cc0000',
} as const;

/** The backgrounds the text sits on: the editor, and CodeMirror's active line (#cceeff44 over white). */
export const editorBackgrounds = { editor: '#ffffff', activeLine: '#f1fbff' } as const;
