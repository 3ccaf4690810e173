import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, pages separated by a blank line: what a machine reads from the document. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim(),
    );
  }
  await document.destroy();
  return pages.join('\n\n');
}

/** Each piece of text of each page with where it sits (x from the left edge, in points) and the page's width. */
export async function pdfTextItems(
  pdf: Uint8Array,
): Promise<{ page: number; str: string; x: number; width: number; pageWidth: number }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const items = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , pageWidth] = page.view as [number, number, number, number];
    for (const item of (await page.getTextContent()).items)
      if ('str' in item && item.str.trim())
        items.push({ page: number, str: item.str, x: item.transform[4] as number, width: item.width, pageWidth });
  }
  await document.destroy();
  return items;
}
