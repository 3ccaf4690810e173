import { splitInlineCode } from '../lib/inline-code';

/** A text whose `backticked` parts show as code (<code>), as in the self assessment questions. Never HTML. */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {splitInlineCode(text).map((piece, index) =>
        piece.code ? (
          <code key={index} className="inline-code">
            {piece.text}
          </code>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
