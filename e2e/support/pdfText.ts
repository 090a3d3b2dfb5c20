/**
 * The text of a PDF the app produced, read with pdf.js (the library the page's viewer uses), so a
 * journey can check what a report says, not only that it is a PDF. One string per page; items on
 * one line are joined by a space.
 */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : ''))
        .join('')
        .replace(/ +/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}
