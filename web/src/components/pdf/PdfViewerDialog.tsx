import {
  ActionIcon,
  Anchor,
  Box,
  Center,
  Group,
  Loader,
  Modal,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helpPath } from '../../shared/states';
import {
  IconChevronLeft,
  IconChevronRight,
  IconFitWidth,
  IconPrinter,
  IconZoomIn,
  IconZoomOut,
} from '../icons';
import {
  openPdf,
  type PDFDocumentProxy,
  type PDFPageProxy,
  pageSize,
  printPdf,
  renderPage,
} from './pdfDocument';

/**
 * Spec part 1 §2.2 / §9: the viewer is 800 px high, or less on a screen where 800 px would push the
 * dialog past its bottom (1366x768: the page area keeps the title and toolbar in view).
 */
const VIEWER_HEIGHT = 'min(800px, calc(100dvh - 170px))';
const ZOOM_STEP = 1.25;
/** The page fitted to the width (readable at once), or a zoom factor. */
type Fit = 'width' | number;

export interface PdfViewerDialogProps {
  /** The PDF to show; null closes the viewer. */
  pdf: Blob | null;
  title: string;
  /** State whose help page the help link opens. */
  helpState: string;
  onClose: () => void;
}

function scaleFor(fit: Fit, page: PDFPageProxy, box: { width: number }): number {
  if (typeof fit === 'number') return fit;
  return (box.width - 24) / pageSize(page).width;
}

/**
 * The PDF viewer with print (spec part 1 §2.2): previous and next page, fit width, zoom out
 * and in, the page-number box with the total, print and a help link. It opens at page 1 fitted
 * to the width (issue 25: fitted to the page, a letter page was too small to read).
 */
export function PdfViewerDialog(props: PdfViewerDialogProps) {
  // Mounted only while open, so it listens for Escape after any dialog below it and a single
  // Escape closes only the viewer.
  return props.pdf ? <PdfViewer {...props} pdf={props.pdf} /> : null;
}

function PdfViewer({ pdf, title, helpState, onClose }: PdfViewerDialogProps & { pdf: Blob }) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [typed, setTyped] = useState('1');
  const [fit, setFit] = useState<Fit>('width');
  const [scale, setScale] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { ref: box, width } = useElementSize();

  useEffect(() => {
    setDoc(null);
    setPageNo(1);
    setTyped('1');
    setFit('width');
    let alive = true;
    let opened: PDFDocumentProxy | null = null;
    void openPdf(pdf).then((d) => {
      opened = d;
      if (alive) setDoc(d);
      else void d.destroy();
    });
    return () => {
      alive = false;
      void opened?.destroy();
    };
  }, [pdf]);

  useEffect(() => {
    if (!doc || !canvas.current || width === 0) return;
    let task: ReturnType<typeof renderPage> | null = null;
    let alive = true;
    void doc.getPage(pageNo).then((page) => {
      if (!alive || !canvas.current) return;
      const s = scaleFor(fit, page, { width });
      setScale(s);
      task = renderPage(page, canvas.current, s);
      task.promise.catch(() => undefined);
    });
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [doc, pageNo, fit, width]);

  const total = doc?.numPages ?? 0;
  const goTo = (n: number) => {
    const next = Math.min(Math.max(1, n), Math.max(total, 1));
    setPageNo(next);
    setTyped(String(next));
  };

  const tool = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="md"
        aria-label={label}
        onClick={onClick}
        disabled={disabled || !doc}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Modal opened onClose={onClose} title={title} size={1000} centered zIndex={400}>
      <Group justify="space-between" mb="xs" wrap="nowrap" role="toolbar" aria-label={t('pdfViewer.toolbar')}>
        <Group gap={6} wrap="nowrap">
          {tool(t('pdfViewer.previous'), <IconChevronLeft />, () => goTo(pageNo - 1), pageNo <= 1)}
          {tool(t('pdfViewer.next'), <IconChevronRight />, () => goTo(pageNo + 1), pageNo >= total)}
          {tool(t('pdfViewer.fitWidth'), <IconFitWidth />, () => setFit('width'))}
          {tool(t('pdfViewer.zoomOut'), <IconZoomOut />, () => setFit(scale / ZOOM_STEP))}
          {tool(t('pdfViewer.zoomIn'), <IconZoomIn />, () => setFit(scale * ZOOM_STEP))}
          <TextInput
            aria-label={t('pdfViewer.page')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onBlur={() => goTo(Number.parseInt(typed, 10) || pageNo)}
            onKeyDown={(e) => e.key === 'Enter' && goTo(Number.parseInt(typed, 10) || pageNo)}
            w={52}
            size="xs"
            disabled={!doc}
          />
          <Text size="sm" data-testid="pdf-total">
            {t('pdfViewer.of', { total: String(total) })}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          {tool(t('pdfViewer.print'), <IconPrinter />, () => doc && void printPdf(doc, title))}
          <Anchor href={helpPath(helpState)} target="_blank" rel="noreferrer" size="sm">
            {t('shell.helpLink')}
          </Anchor>
        </Group>
      </Group>
      {/* Scrolls with the keyboard too (arrows, Page Up/Down) once it has focus. */}
      <Box
        ref={box}
        h={VIEWER_HEIGHT}
        bg="gray.2"
        style={{ overflow: 'auto', borderRadius: 4 }}
        tabIndex={0}
        role="region"
        aria-label={t('pdfViewer.pages')}
      >
        {doc ? (
          <Center mih="100%" p={12} style={{ alignItems: 'flex-start' }}>
            <canvas
              ref={canvas}
              role="img"
              aria-label={t('pdfViewer.pageImage', { page: String(pageNo), total: String(total) })}
              style={{ boxShadow: '0 1px 4px rgba(0,0,0,.25)', background: 'white' }}
            />
          </Center>
        ) : (
          <Center h="100%">
            <Loader size="sm" mr="sm" />
            <Text size="sm">{t('LOADING_PLEASE_WAIT')}</Text>
          </Center>
        )}
      </Box>
    </Modal>
  );
}
