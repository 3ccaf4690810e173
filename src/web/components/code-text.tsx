import { splitCodeBlocks } from '../lib/inline-code';
import { InlineCode } from './inline-code';

/**
 * A longer text (a quiz question's explanation) as the teacher wrote it: its line breaks kept, `backticked` code
 * and ``` fenced blocks in monospace. Always text, never HTML.
 */
export function CodeText({ text }: { text: string }) {
  return (
    <>
      {splitCodeBlocks(text).map((piece, index) =>
        piece.block ? (
          // Focusable, so a block wider than a phone can be scrolled from the keyboard.
          <pre key={index} className="code-text-block" tabIndex={0}>
            <code>{piece.text}</code>
          </pre>
        ) : (
          <span key={index} className="code-text">
            <InlineCode text={piece.text} />
          </span>
        ),
      )}
    </>
  );
}
