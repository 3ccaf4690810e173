/**
 * Question texts mark code the way chat and Markdown do, with backticks: "What does `sizeof(int)` return?".
 * The pieces between a pair of backticks are code; everything stays text (shown by React, never parsed as HTML).
 * A backtick without its pair, or a pair around nothing, is shown as it is.
 */
export interface TextPiece {
  text: string;
  code: boolean;
}

export function splitInlineCode(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const pattern = /`([^`\n]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), code: false });
    pieces.push({ text: match[1]!, code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), code: false });
  return pieces;
}

export interface TextBlock {
  text: string;
  /** A fenced block of code (between lines of three backticks), shown as it is, in monospace. */
  block: boolean;
}

/**
 * Longer texts (a quiz question's explanation) may also hold whole code blocks, fenced the Markdown way:
 * a line starting with ``` (a language name after it is ignored), the code, and a line of ```.
 * An opening fence without its closing one is shown as written.
 */
export function splitCodeBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const pattern = /^```[^\n`]*\n([\s\S]*?)\n?^```[ \t]*$\n?/gm;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) blocks.push({ text: text.slice(last, match.index), block: false });
    blocks.push({ text: match[1]!, block: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) blocks.push({ text: text.slice(last), block: false });
  return blocks;
}
