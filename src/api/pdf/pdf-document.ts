import PDFDocument from 'pdfkit';
import { registerFonts } from './pdf-fonts.js';

export const PDF_CONTENT_TYPE = 'application/pdf';

// DejaVu Sans is embedded (subset) rather than a standard PDF font: those cover Latin-1 only, so a name such as
// "Łukasz" or "Ωmega" would print as the wrong glyphs and extract as the wrong text. Names in other scripts are
// drawn with the fallbacks of pdf-fonts.ts (writeText).

export interface PdfMeta {
  title: string;
  subject?: string;
}

/**
 * Draws a document with `draw` and returns its bytes: A4, the fonts 'Body' and 'Bold' registered ('Body'
 * selected) with their fallbacks, text kept as text so it can be selected, searched and read by a machine.
 */
export async function renderPdf(
  meta: PdfMeta,
  draw: (doc: PDFKit.PDFDocument) => void | Promise<void>,
  layout: 'portrait' | 'landscape' = 'portrait',
): Promise<Buffer> {
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
  registerFonts(doc);
  doc.font('Body');
  try {
    await draw(doc);
  } finally {
    doc.end();
  }
  return done;
}
