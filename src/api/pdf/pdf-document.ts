import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

export const PDF_CONTENT_TYPE = 'application/pdf';

// DejaVu Sans is embedded (subset) rather than a standard PDF font: those cover Latin-1 only, so a name such as
// "Łukasz" or "Ωmega" would print as the wrong glyphs and extract as the wrong text.
const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { body: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    body: readFileSync(join(fontDir, 'DejaVuSans.ttf')),
    bold: readFileSync(join(fontDir, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export interface PdfMeta {
  title: string;
  subject?: string;
}

/**
 * Draws a document with `draw` and returns its bytes: A4, the fonts 'Body' and 'Bold' registered ('Body'
 * selected), text kept as text so it can be selected, searched and read by a machine.
 */
export async function renderPdf(
  meta: PdfMeta,
  draw: (doc: PDFKit.PDFDocument) => void | Promise<void>,
  layout: 'portrait' | 'landscape' = 'portrait',
): Promise<Buffer> {
  const { body, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin: 56,
    info: { Title: meta.title, ...(meta.subject ? { Subject: meta.subject } : {}), Creator: 'C course site' },
    lang: 'en',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Body', body);
  doc.registerFont('Bold', bold);
  doc.font('Body');
  try {
    await draw(doc);
  } finally {
    doc.end();
  }
  return done;
}
