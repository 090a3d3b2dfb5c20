/**
 * Tabular reports as PDF (pdfmake with the standard Helvetica font: no font files, no network).
 * Letter, portrait unless the table is wide; header with title, zone, user and time; page numbers.
 */
import { formatUsDateTime } from '@cpb/domain';
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

export interface ReportColumn {
  field: string;
  header: string;
  /** Right-aligned (numbers and money). */
  numeric?: boolean;
}

export interface TableReport {
  title: string;
  subtitle?: string;
  userName: string;
  columns: ReportColumn[];
  rows: Array<Record<string, unknown>>;
  generatedAt?: Date;
  /** The business time zone the printing time is written in. */
  timeZone: string;
}

const cell = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

export async function renderTablePdf(r: TableReport): Promise<Buffer> {
  const at = formatUsDateTime(r.generatedAt ?? new Date(), r.timeZone);
  const doc = {
    pageSize: 'LETTER',
    pageOrientation: r.columns.length > 7 ? 'landscape' : 'portrait',
    pageMargins: [30, 50, 30, 40],
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    info: { title: r.title, creator: 'Central Price Book' },
    header: { text: `Central Price Book / ${r.title}`, margin: [30, 20, 30, 0], bold: true, fontSize: 11 },
    footer: (page: number, pages: number) => ({
      text: `Page ${page} of ${pages}`,
      alignment: 'right',
      margin: [30, 10],
      fontSize: 7,
    }),
    content: [
      {
        text: [r.subtitle ? `${r.subtitle}   ` : '', `Printed by ${r.userName} on ${at}`],
        margin: [0, 0, 0, 8],
        color: '#444',
      },
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
  return pdfmake.createPdf(doc).getBuffer();
}
