/** The little of fontkit (pdfkit's own font engine) the PDF code uses: whether a font has a glyph, and shaping. */
declare module 'fontkit' {
  interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): unknown;
  }
  export function create(buffer: Buffer): Font;
}
