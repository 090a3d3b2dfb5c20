/**
 * A table report (pdf.ts TableReport) as a self-contained HTML page: the `/hbsreport/...` form of
 * a PDF report, with the same header (title, subtitle, who printed it and when), note, columns,
 * emphasis and row look. No script and nothing fetched: one document, styles inline, every value
 * escaped.
 */
import { formatUsDateTime } from '@cpb/domain';
import { cellText, type ReportColumn, type ReportRowStyle, type TableReport } from './pdf';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Only a hex colour reaches a style attribute. */
const colour = (c: string | undefined) => (c && /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : null);

function style(parts: Array<[string, string | null | undefined | false]>): string {
  const css = parts.filter(([, v]) => v).map(([k, v]) => `${k}:${v}`);
  return css.length ? ` style="${css.join(';')}"` : '';
}

function td(
  v: unknown,
  c: ReportColumn,
  row: ReportRowStyle | null | undefined,
  first: boolean,
  span: number,
): string {
  const own =
    v && typeof v === 'object' && 'text' in v
      ? (v as { bold?: boolean; italics?: boolean; color?: string })
      : {};
  return `<td${span > 1 ? ` colspan="${span}"` : ''}${c.numeric ? ' class="num"' : ''}${style([
    ['padding-left', first && row?.indent ? `${row.indent + 4}px` : null],
    ['font-weight', own.bold && 'bold'],
    ['font-style', own.italics && 'italic'],
    ['color', colour(own.color)],
  ])}>${escapeHtml(cellText(v))}</td>`;
}

export function renderTableHtml(r: TableReport): string {
  const printedAt = formatUsDateTime(r.generatedAt ?? new Date(), r.timeZone);
  const head = r.columns
    .map((c) => `<th${c.numeric ? ' class="num"' : ''}>${escapeHtml(c.header)}</th>`)
    .join('');
  const body = r.rows
    .map((row, i) => {
      const rs = r.rowStyles?.[i];
      const span = Math.min(rs?.span ?? 1, r.columns.length);
      const cells = r.columns
        .map((c, j) => (j > 0 && j < span ? '' : td(row[c.field], c, rs, j === 0, j === 0 ? span : 1)))
        .join('');
      return `<tr${style([
        ['background', colour(rs?.fill)],
        ['color', colour(rs?.color)],
      ])}>${cells}</tr>`;
    })
    .join('\n');
  const title = `Central Price Book / ${r.title}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body{font:13px/1.35 Helvetica,Arial,sans-serif;color:#111;margin:24px}
h1{font-size:18px;margin:0 0 6px}
p{margin:0 0 6px;color:#444}
p.note{white-space:pre-line}
table{border-collapse:collapse;margin-top:10px}
th,td{padding:3px 6px;border-bottom:1px solid #d5dbe3;text-align:left;vertical-align:top}
th{background:#e8eef5;position:sticky;top:0}
.num{text-align:right}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${r.subtitle ? `${escapeHtml(r.subtitle)} &nbsp; ` : ''}Printed by ${escapeHtml(r.userName)} on ${escapeHtml(printedAt)}</p>
${r.note ? `<p class="note">${escapeHtml(r.note)}</p>` : ''}
${
  r.rows.length
    ? `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`
    : '<p><em>No Data to Report</em></p>'
}
</body>
</html>
`;
}
