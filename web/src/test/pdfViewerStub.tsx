/**
 * pdf.js does not run in jsdom: tests replace the PDF viewer with this dialog naming what it was
 * given (`vi.mock('../../components/pdf/PdfViewerDialog', () => import('../../test/pdfViewerStub'))`).
 */
export function PdfViewerDialog({
  pdf,
  title,
  onClose,
}: {
  pdf: Blob | null;
  title: string;
  onClose: () => void;
}) {
  return pdf ? (
    <div role="dialog" aria-label={title}>
      <p>PDF of {pdf.size} bytes</p>
      <button type="button" onClick={onClose}>
        Close viewer
      </button>
    </div>
  ) : null;
}
