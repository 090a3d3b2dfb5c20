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

const text = (v) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'boolean'
      ? v
        ? 'Yes'
        : 'No'
      : typeof v === 'object'
        ? String(v.text ?? '')
        : String(v);

/** A body cell: its text, alignment, the row's look, then the cell's own emphasis (pdf.ts StyledCell). */
function cell(v, column, rowStyle, first) {
  const out = { text: text(v), alignment: column.numeric ? 'right' : 'left' };
  if (rowStyle?.fill) out.fillColor = rowStyle.fill;
  if (rowStyle?.color) out.color = rowStyle.color;
  if (first && rowStyle?.indent) out.margin = [rowStyle.indent, 0, 0, 0];
  if (v && typeof v === 'object') {
    if (v.bold) out.bold = true;
    if (v.italics) out.italics = true;
    if (v.color) out.color = v.color;
  }
  return out;
}

/** pdfmake's 'lightHorizontalLines' with `pad` points either side of a cell (a wide table's room). */
const compactLines = (pad) => ({
  hLineWidth: (i, node) =>
    i === 0 || i === node.table.body.length ? 0 : i === node.table.headerRows ? 2 : 1,
  vLineWidth: () => 0,
  hLineColor: (i) => (i === 1 ? 'black' : '#aaa'),
  paddingLeft: (i) => (i === 0 ? 0 : pad),
  paddingRight: (i, node) => (i === node.table.widths.length - 1 ? 0 : pad),
});

/** Letter, portrait unless the table is wide; header with title, zone, user and time; page numbers. */
function documentOf(r) {
  const at = r.printedAt;
  return {
    pageSize: 'LETTER',
    pageOrientation: r.orientation ?? (r.columns.length > 7 ? 'landscape' : 'portrait'),
    pageMargins: [30, 50, 30, 40],
    defaultStyle: { font: 'Helvetica', fontSize: r.fontSize ?? 8, lineHeight: 1.15 },
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
      // One paragraph per line of the note.
      ...(r.note
        ? [{ stack: r.note.split('\n').map((text) => ({ text })), margin: [0, 0, 0, 8], color: '#444' }]
        : []),
      r.rows.length
        ? {
            table: {
              headerRows: 1,
              widths: r.columns.map((c) => c.width ?? 'auto'),
              body: [
                r.columns.map((c) => ({
                  text: c.header,
                  bold: true,
                  fillColor: '#e8eef5',
                  alignment: c.numeric ? 'right' : 'left',
                })),
                ...r.rows.map((row, i) => {
                  const rs = r.rowStyles?.[i];
                  const span = Math.min(rs?.span ?? 1, r.columns.length);
                  return r.columns.map((c, j) => {
                    // pdfmake wants a placeholder for each column a spanned cell covers.
                    if (j > 0 && j < span) return {};
                    const out = cell(row[c.field], c, rs, j === 0);
                    if (j === 0 && span > 1) out.colSpan = span;
                    return out;
                  });
                }),
              ],
            },
            layout: r.cellPadding === undefined ? 'lightHorizontalLines' : compactLines(r.cellPadding),
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
