/**
 * The C editor: CodeMirror 6 with C highlighting and its usual keys (undo, search, bracket matching, indent with
 * Tab), the compiler's diagnostics and the teacher's comments shown on their lines. Loaded only on this screen.
 */
import { cpp } from '@codemirror/lang-cpp';
import { type Diagnostic as CmDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

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
}

function toCodeMirror(state: EditorState, notes: LineNote[]): CmDiagnostic[] {
  return notes.map((note) => {
    const line = state.doc.line(Math.min(Math.max(1, note.line), state.doc.lines));
    const from = Math.min(line.from + Math.max(0, (note.column ?? 1) - 1), line.to);
    return { from, to: line.to, severity: note.severity, message: note.message, source: note.source };
  });
}

export function CEditor({ initialCode, onChange, notes, label, onReady }: Props) {
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
          lintGutter(),
          EditorView.theme({
            '&': { minHeight: '16rem', maxHeight: '70vh', fontSize: '0.95rem', backgroundColor: '#fff' },
            '.cm-scroller': { fontFamily: 'SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', overflow: 'auto' },
          }),
          EditorView.contentAttributes.of({ 'aria-label': label }),
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
