import QRCode from 'qrcode';
import { batchLine } from '../../contracts/certificates.js';
import { SITE_NAME } from '../../contracts/course.js';
import { formatDate, type TimeZone } from '../../contracts/dates.js';
import { renderPdf } from '../pdf/pdf-document.js';
import { runsWidth, textHeight, type Weight, writeText } from '../pdf/pdf-fonts.js';

/** What a certificate states, as its row keeps it. */
export interface CertificateFacts {
  code: string;
  student_name: string;
  course: string;
  batch: number | null;
  batch_start: string | null;
  batch_end: string | null;
  teacher_name: string;
  issued_at: string;
}

const INK = '#1f2a44';
const ACCENT = '#8a6d1d';
const MUTED = '#5a6270';

/**
 * The largest size (down to `min`) at which `text` fits in `width` and `height` (a name may take two lines: names
 * run to 200 characters, and a certificate must print the whole of it), each script in its own font.
 */
function fittingBlockSize(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { width: number; height: number },
  max: number,
  min: number,
): number {
  let size = max;
  while (size > min && textHeight(doc.fontSize(size), text, 'Bold', box.width) > box.height) size -= 1;
  return size;
}

/** The largest size (down to `min`) at which `text` fits on one line of `width`. */
function fittingSize(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  width: number,
  max: number,
  min: number,
): number {
  let size = max;
  while (size > min && runsWidth(doc.fontSize(size), text, weight) > width) size -= 1;
  return size;
}

/**
 * The certificate: landscape A4, every line real text (a machine reads the name, the code and the address back),
 * with the address where anyone can check it, as text and as a QR code.
 */
export async function renderCertificatePdf(
  facts: CertificateFacts,
  verifyUrl: string,
  zone: TimeZone,
): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return renderPdf(
    {
      title: `Certificate of Completion: ${facts.student_name}`,
      subject: `${facts.course}, certificate ${facts.code}`,
    },
    (doc) => {
      const { width, height } = doc.page;
      doc.save();
      doc
        .lineWidth(3)
        .strokeColor(ACCENT)
        .rect(24, 24, width - 48, height - 48)
        .stroke();
      doc
        .lineWidth(0.8)
        .strokeColor(ACCENT)
        .rect(34, 34, width - 68, height - 68)
        .stroke();
      doc.restore();

      const left = 80;
      const inner = width - 2 * left;
      // Every line fits its width: a name, a course or a teacher in any script is shrunk to fit, never cut.
      const line = (text: string, y: number, font: Weight, size: number, color = INK) =>
        writeText(doc.fontSize(fittingSize(doc, text, font, inner, size, 6)).fillColor(color), text, font, left, y, {
          width: inner,
          align: 'center',
          lineBreak: false,
        });

      line(SITE_NAME.toUpperCase(), 70, 'Body', 12, MUTED);
      line('Certificate of Completion', 100, 'Bold', 34, INK);
      line('This is to certify that', 170, 'Body', 14, MUTED);
      doc.font('Bold');
      const nameTop = 196;
      const nameSize = fittingBlockSize(doc, facts.student_name, { width: inner, height: 46 }, 36, 8);
      const nameHeight = textHeight(doc.fontSize(nameSize), facts.student_name, 'Bold', inner);
      writeText(doc.fillColor(ACCENT), facts.student_name, 'Bold', left, nameTop, { width: inner, align: 'center' });
      // The rule under the name, below its last line however many lines a long name takes.
      const ruleY = Math.max(246, nameTop + nameHeight + 3);
      doc
        .save()
        .lineWidth(0.8)
        .strokeColor(MUTED)
        .moveTo(width / 2 - 180, ruleY)
        .lineTo(width / 2 + 180, ruleY)
        .stroke();
      doc.restore();
      line('has completed the course', 262, 'Body', 14, MUTED);
      doc.font('Bold');
      line(facts.course, 286, 'Bold', 22);
      const batch = batchLine(facts, zone);
      if (batch) line(batch, 320, 'Body', 14);
      doc.font('Body');
      const taughtBy = `Taught by ${facts.teacher_name}`;
      line(taughtBy, 346, 'Body', 14);
      line(`Issued on ${formatDate(facts.issued_at, zone)}`, 372, 'Body', 12, MUTED);

      const qrSize = 104;
      const qrX = width - 70 - qrSize;
      const qrY = height - 70 - qrSize;
      doc.image(qr, qrX, qrY, { width: qrSize });
      const textWidth = qrX - 20 - 70;
      doc
        .font('Body')
        .fontSize(10)
        .fillColor(MUTED)
        .text('Certificate code', 70, qrY + 18, { lineBreak: false });
      doc
        .font('Bold')
        .fontSize(16)
        .fillColor(INK)
        .text(facts.code, 70, qrY + 32, { lineBreak: false });
      doc
        .font('Body')
        .fontSize(10)
        .fillColor(MUTED)
        .text('Check this certificate at', 70, qrY + 62, { lineBreak: false });
      doc
        .font('Body')
        .fontSize(fittingSize(doc, verifyUrl, 'Body', textWidth, 11, 6))
        .fillColor(INK)
        .text(verifyUrl, 70, qrY + 76, { link: verifyUrl, lineBreak: false });
    },
    'landscape',
  );
}
