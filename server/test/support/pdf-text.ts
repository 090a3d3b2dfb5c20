/**
 * The text of a PDF read with pdf.js (the library the page's viewer uses), laid out in lines as on
 * the page: text items that share a baseline are one line, left to right, separated by a space;
 * lines run top to bottom, pages one after another. Tests match report rows in it.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  const out: string[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      const rows = new Map<number, { x: number; s: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        // Items of one table row share a baseline up to rounding.
        const y = Math.round(item.transform[5]);
        const near = [...rows.keys()].find((k) => Math.abs(k - y) <= 1) ?? y;
        const row = rows.get(near) ?? [];
        row.push({ x: item.transform[4], s: item.str });
        rows.set(near, row);
      }
      const ys = [...rows.keys()].sort((a, b) => b - a);
      for (const y of ys) {
        const row = rows.get(y) ?? [];
        out.push(
          row
            .sort((a, b) => a.x - b.x)
            .map((r) => r.s)
            .join(' '),
        );
      }
    }
  } finally {
    await doc.destroy();
  }
  return out.join('\n');
}
