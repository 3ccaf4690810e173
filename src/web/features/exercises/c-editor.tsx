/**
 * The C editor: CodeMirror 6 with C highlighting and its usual keys (undo, search, bracket matching, indent with
 * Tab), the compiler's diagnostics and the teacher's comments shown on their lines. Loaded only on this screen.
 */
import { cpp } from '@codemirror/lang-cpp';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic as CmDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';
import { tags } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { splitInlineCode } from '../../lib/inline-code';
import { editorColours as c } from './editor-colours';

/** CodeMirror's default highlighting with colours that all reach 4.5:1 (it replaces the default, a fallback). */
const courseHighlightStyle = HighlightStyle.define([
  { tag: tags.meta, color: c.meta },
  { tag: tags.keyword, color: c.keyword },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: c.atom },
  { tag: [tags.literal, tags.inserted], color: c.literal },
  { tag: [tags.string, tags.deleted], color: c.string },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: c.escape },
  { tag: tags.definition(tags.variableName), color: c.definitionVariable },
  { tag: tags.local(tags.variableName), color: c.localVariable },
  { tag: [tags.typeName, tags.namespace], color: c.typeName },
  { tag: tags.className, color: c.className },
  { tag: [tags.special(tags.variableName), tags.macroName], color: c.macroName },
  { tag: tags.definition(tags.propertyName), color: c.definitionProperty },
  { tag: tags.comment, color: c.comment },
  { tag: tags.invalid, color: c.invalid },
]);

export interface LineNote {
  line: number;
  column?: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
  source?: string;
}

interface Props {
  initialCode: string;
  onChange(code: string): void;
  notes: LineNote[];
  label: string;
  /** Lets the page replace the text (loading a .c file). */
  onReady?(replace: (code: string) => void): void;
  /** Shown, not editable (a timed program whose time is up). */
  readOnly?: boolean;
}

/** A note's text with its `code` as code, as under the editor: built as text nodes, never parsed as HTML. */
function messageNode(message: string): Node {
  const span = document.createElement('span');
  for (const piece of splitInlineCode(message)) {
    const part = document.createElement(piece.code ? 'code' : 'span');
    if (piece.code) part.className = 'inline-code';
    part.textContent = piece.text;
    span.append(part);
  }
  return span;
}

function toCodeMirror(state: EditorState, notes: LineNote[]): CmDiagnostic[] {
  return notes.map((note) => {
    const line = state.doc.line(Math.min(Math.max(1, note.line), state.doc.lines));
    const from = Math.min(line.from + Math.max(0, (note.column ?? 1) - 1), line.to);
    return {
      from,
      to: line.to,
      severity: note.severity,
      message: note.message,
      renderMessage: () => messageNode(note.message),
      source: note.source,
    };
  });
}

export function CEditor({ initialCode, onChange, notes, label, onReady, readOnly = false }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    // Inside a shadow root CodeMirror styles itself with constructed stylesheets instead of <style> elements,
    // which the site's Content-Security-Policy (style-src 'self') blocks.
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({
        doc: initialCode,
        extensions: [
          basicSetup,
          keymap.of([indentWithTab]),
          cpp(),
          syntaxHighlighting(courseHighlightStyle),
          lintGutter(),
          EditorView.theme({
            '&': { minHeight: '16rem', maxHeight: '70vh', fontSize: '0.95rem', backgroundColor: '#fff' },
            '.cm-scroller': {
              fontFamily: 'SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
              overflow: 'auto',
            },
          }),
          // tabindex: the text is what the keyboard reaches (and scrolls) in the editor's scrolling box; said
          // explicitly so accessibility checkers count the box as reachable.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorState.readOnly.of(readOnly),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    onReady?.((code) => editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: code } }));
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later text comes from typing, not from props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, toCodeMirror(editor.state, notes)));
  }, [notes]);

  return <div ref={host} className="c-editor" />;
}
