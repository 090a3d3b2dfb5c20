/**
 * The PDF worker thread: turns a table report into PDF bytes off the event loop (pdfmake lays out
 * a 15,000-row table for seconds). Plain JavaScript so it runs the same under tsx, vitest and node.
 * Messages in: { id, report }; out: { id, pdf } (bytes transferred) or { id, error }.
 */
import { parentPort } from 'node:worker_threads';
import pdfmake from 'pdfmake';

pdfmake.setFonts({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});
const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);
// Reports read no local file but the built-in fonts, and no URL at all.
pdfmake.setLocalAccessPolicy((p) => STANDARD_FONTS.has(p));
pdfmake.setUrlAccessPolicy?.(() => false);

const cell = (v) =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

/** Letter, portrait unless the table is wide; header with title, zone, user and time; page numbers. */
function documentOf(r) {
  const at = r.printedAt;
  return {
    pageSize: 'LETTER',
    pageOrientation: r.columns.length > 7 ? 'landscape' : 'portrait',
    pageMargins: [30, 50, 30, 40],
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    info: { title: r.title, creator: 'Central Price Book' },
    header: { text: `Central Price Book / ${r.title}`, margin: [30, 20, 30, 0], bold: true, fontSize: 11 },
    footer: (page, pages) => ({
      text: `Page ${page} of ${pages}`,
      alignment: 'right',
      margin: [30, 10],
      fontSize: 7,
    }),
    content: [
      {
        text: [r.subtitle ? `${r.subtitle}   ` : '', `Printed by ${r.userName} on ${at}`],
        margin: [0, 0, 0, r.note ? 2 : 8],
        color: '#444',
      },
      ...(r.note ? [{ text: r.note, margin: [0, 0, 0, 8], color: '#444' }] : []),
      r.rows.length
        ? {
            table: {
              headerRows: 1,
              widths: r.columns.map(() => 'auto'),
              body: [
                r.columns.map((c) => ({ text: c.header, bold: true, fillColor: '#e8eef5' })),
                ...r.rows.map((row) =>
                  r.columns.map((c) => ({
                    text: cell(row[c.field]),
                    alignment: c.numeric ? 'right' : 'left',
                  })),
                ),
              ],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'No Data to Report', italics: true },
    ],
  };
}

parentPort?.on('message', async ({ id, report }) => {
  try {
    const buffer = await pdfmake.createPdf(documentOf(report)).getBuffer();
    const pdf = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    parentPort?.postMessage({ id, pdf }, [pdf.buffer]);
  } catch (e) {
    parentPort?.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
