/**
 * The fonts of the site's PDFs (receipts, certificates) and which one draws each character. DejaVu Sans covers Latin,
 * Greek and Cyrillic; a student's or the teacher's name in an Indian script or in Arabic is drawn with the Noto Sans
 * of that script (shaped by pdfkit's font engine, so conjuncts and vowel signs join as they should), where DejaVu
 * alone printed a box per letter. A character none of them has (Chinese, Japanese, …) is drawn as U+FFFD (�): a box
 * measured wrong by pdfkit ran off the page, and neither can be read.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

export type Weight = 'Body' | 'Bold';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * A font per script, as @fontsource ships them (`<package>/files/<family>-<subset>-<weight>-normal.woff`): Noto Sans,
 * but Mukta Mahee (Gurmukhi), Hind Guntur (Telugu) and Manjari (Malayalam), as pdfkit's font engine fails to shape
 * common names with Noto Sans's fonts for those scripts (pdf-fonts.test.ts draws one name in each).
 */
const FALLBACKS = [
  ['noto-sans-devanagari', 'devanagari'],
  ['noto-sans-bengali', 'bengali'],
  ['mukta-mahee', 'gurmukhi'],
  ['noto-sans-gujarati', 'gujarati'],
  ['noto-sans-oriya', 'oriya'],
  ['noto-sans-tamil', 'tamil'],
  ['hind-guntur', 'telugu'],
  ['noto-sans-kannada', 'kannada'],
  ['manjari', 'malayalam'],
  ['noto-sans-arabic', 'arabic'],
] as const;

interface LoadedFont {
  /** The name it is registered under in every document. */
  name: string;
  data: Buffer;
  has: (codePoint: number) => boolean;
  /** Whether the font engine shapes `text` without failing (pdfkit shapes it the same way). */
  shapes: (text: string) => boolean;
}

function load(name: string, path: string): LoadedFont {
  const data = readFileSync(path);
  const font = fontkit.create(data);
  return {
    name,
    data,
    has: (codePoint) => font.hasGlyphForCodePoint(codePoint),
    shapes: (text) => {
      try {
        font.layout(text);
        return true;
      } catch {
        return false;
      }
    },
  };
}

let fonts: Record<Weight, LoadedFont[]> | undefined;

/** Per weight: DejaVu first (registered as 'Body' and 'Bold'), then the fallbacks in order. */
function loadFonts(): Record<Weight, LoadedFont[]> {
  if (fonts) return fonts;
  const dejavu = join(packageDir('dejavu-fonts-ttf'), 'ttf');
  const family = (weight: Weight) => [
    load(weight, join(dejavu, weight === 'Bold' ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf')),
    ...FALLBACKS.map(([family, subset]) =>
      load(
        `${weight}-${subset}`,
        join(
          packageDir(`@fontsource/${family}`),
          'files',
          `${family}-${subset}-${weight === 'Bold' ? 700 : 400}-normal.woff`,
        ),
      ),
    ),
  ];
  fonts = { Body: family('Body'), Bold: family('Bold') };
  return fonts;
}

/** Registers every font in a new document. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const font of [...loadFonts().Body, ...loadFonts().Bold]) doc.registerFont(font.name, font.data);
}

/** Characters that draw nothing, so no font needs them: white space and the joiners. */
const INVISIBLE = /[\s\u200b-\u200d\u2060\ufeff]/u;

/**
 * `text` as runs, each with the registered font to draw it in: the run's font as long as it has the character (so a
 * vowel sign or a joiner stays with its letter for shaping), else the first font that has it (DejaVu and U+FFFD when
 * none does).
 */
export function fontRuns(text: string, weight: Weight): { font: string; text: string }[] {
  const family = loadFonts()[weight];
  const runs: { font: LoadedFont; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    if (current && (current.font.has(codePoint) || INVISIBLE.test(char))) {
      current.text += char;
      continue;
    }
    const found = family.find((f) => f.has(codePoint));
    const font = found ?? family[0]!;
    const drawn = found ? char : '\uFFFD';
    if (current?.font === font) current.text += drawn;
    else runs.push({ font, text: drawn });
  }
  return runs.map((run) => ({ font: run.font.name, text: run.text }));
}

/** Characters of `text` that no font draws (they print as boxes). */
export function undrawable(text: string): string[] {
  const family = loadFonts().Body;
  return [...text].filter((char) => !INVISIBLE.test(char) && !family.some((f) => f.has(char.codePointAt(0)!)));
}

/**
 * Each run in its font, unless the font engine fails to shape it (seen with Noto Sans Gurmukhi's mark positioning,
 * hence Mukta Mahee): then in DejaVu, boxes perhaps, but a receipt or a certificate is never refused for a name.
 */
function drawableRuns(text: string, weight: Weight): { font: string; text: string }[] {
  return fontRuns(text, weight).map((run) => {
    const font = loadFonts()[weight].find((f) => f.name === run.font)!;
    // The whole run and each word: pdfkit lays out each word on its own when it wraps a line.
    const pieces = [run.text, ...run.text.split(/(?<=\s)/)];
    return pieces.every((piece) => font.shapes(piece)) ? run : { font: weight, text: run.text };
  });
}

/** The width of `text` at the document's current size, each run in its own font. */
export function runsWidth(doc: PDFKit.PDFDocument, text: string, weight: Weight): number {
  let width = 0;
  for (const run of drawableRuns(text, weight)) width += doc.font(run.font).widthOfString(run.text);
  doc.font(weight);
  return width;
}

/** The height `text` takes when written in `width` at the current size, each run in its own font. */
export function textHeight(doc: PDFKit.PDFDocument, text: string, weight: Weight, width: number): number {
  const runs = drawableRuns(text, weight);
  const height =
    runs.length <= 1
      ? doc.font(runs[0]?.font ?? weight).heightOfString(runs[0]?.text ?? '', { width })
      : Math.ceil(runsWidth(doc, text, weight) / width) * doc.currentLineHeight(true);
  doc.font(weight);
  return height;
}

/**
 * Writes `text` at (x, y) with pdfkit's text options, each run in its font, and leaves `weight` selected. One run is
 * an ordinary `text` call. Several that fit on one line are placed one after another as the alignment asks (pdfkit's
 * own `continued` text misplaces aligned runs); longer ones continue as left-aligned text that wraps.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  x: number | undefined,
  y: number | undefined,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = drawableRuns(text, weight);
  const left = x ?? doc.x;
  const top = y ?? doc.y;
  if (runs.length <= 1) {
    // (pdfkit reads an undefined x as its options, so both are always given.)
    doc.font(runs[0]?.font ?? weight).text(runs[0]?.text ?? '', left, top, options);
    doc.font(weight);
    return;
  }
  const width = options.width ?? doc.page.width - doc.page.margins.right - left;
  const total = runsWidth(doc, text, weight);
  if (total <= width) {
    const { align = 'left' } = options;
    let at = left + (align === 'center' ? (width - total) / 2 : align === 'right' ? width - total : 0);
    let height = 0;
    for (const run of runs) {
      doc.font(run.font).text(run.text, at, top, { lineBreak: false });
      at += doc.widthOfString(run.text);
      height = Math.max(height, doc.currentLineHeight(true));
    }
    doc.font(weight);
    // Below the line, at the left edge, as a text call leaves it.
    doc.x = left;
    doc.y = top + height;
    return;
  }
  runs.forEach((run, index) => {
    const own = { ...options, align: 'left' as const, continued: index < runs.length - 1 };
    doc.font(run.font);
    if (index === 0) doc.text(run.text, left, top, own);
    else doc.text(run.text, own);
  });
  doc.font(weight);
}
