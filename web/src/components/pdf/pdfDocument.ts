/**
 * pdf.js (pdfjs-dist) behind three small functions: open a document, render a page to a
 * canvas, and print every page. The worker is a bundled file of this origin (the CSP allows
 * worker-src 'self' and blob:), and no string is ever evaluated (script-src is 'self').
 */
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type RenderTask,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy, PDFPageProxy };

/** Opens a PDF held in memory. */
export async function openPdf(data: Blob): Promise<PDFDocumentProxy> {
  const bytes = new Uint8Array(await data.arrayBuffer());
  return getDocument({ data: bytes, isEvalSupported: false }).promise;
}

/** The page's size in CSS pixels at scale 1. */
export function pageSize(page: PDFPageProxy): { width: number; height: number } {
  const v = page.getViewport({ scale: 1 });
  return { width: v.width, height: v.height };
}

/** Draws a page on a canvas at `scale`, sharp on high-density screens. Cancel the task to stop. */
export function renderPage(page: PDFPageProxy, canvas: HTMLCanvasElement, scale: number): RenderTask {
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  return page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
}

const PRINT_WINDOW = 'width=900,height=700';
const PRINT_CLOSE_MS = 1000;

/**
 * Prints every page (spec part 1 §2.2): the pages as images in a new 900x700 window, which
 * prints and closes after one second.
 */
export async function printPdf(doc: PDFDocumentProxy, title: string): Promise<void> {
  const images: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const canvas = document.createElement('canvas');
    await renderPage(await doc.getPage(n), canvas, 1.5).promise;
    images.push(canvas.toDataURL('image/png'));
  }
  const win = window.open('', '_blank', PRINT_WINDOW);
  if (!win) return;
  win.document.title = title;
  for (const src of images) {
    const img = win.document.createElement('img');
    img.src = src;
    img.style.width = '100%';
    img.style.display = 'block';
    img.style.pageBreakAfter = 'always';
    win.document.body.append(img);
  }
  win.focus();
  win.print();
  window.setTimeout(() => win.close(), PRINT_CLOSE_MS);
}
