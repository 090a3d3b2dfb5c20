import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CentralPricePreview } from './CentralPricePreview';

/** The text of the CSV file the export hands to the browser. */
function captureDownloads() {
  const files: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      files.push(b);
      return 'blob:csv';
    },
    revokeObjectURL: () => {},
  });
  // jsdom refuses the `view` AG Grid gives the download link's click event.
  const Native = window.MouseEvent;
  vi.stubGlobal(
    'MouseEvent',
    class extends Native {
      constructor(type: string, init?: MouseEventInit) {
        super(type, { ...init, view: null });
      }
    },
  );
  return files;
}

describe('CentralPricePreview: Export to CSV', () => {
  it('writes a description that looks like a formula as text, numbers as numbers', async () => {
    const files = captureDownloads();
    const { getByRole, findByText, user } = renderWithProviders(
      <CentralPricePreview
        heading="Central Price"
        header="Set Price"
        columns={[
          { field: 'ID', header: 'ID' },
          { field: 'Description', header: 'Description' },
          { field: 'Delta', header: 'Delta', kind: 'number' },
        ]}
        rows={[
          { ID: '04900000044', Description: '=HYPERLINK("http://x.invalid")', Delta: -2 },
          { ID: '04900000045', Description: '@SUM(A1)', Delta: 1 },
        ]}
        onExportPdf={() => {}}
      />,
    );
    await findByText('04900000044');
    await user.click(getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const csv = await files[0].text();
    expect(csv).toContain(`"'=HYPERLINK(""http://x.invalid"")"`);
    expect(csv).toContain(`"'@SUM(A1)"`);
    expect(csv).toContain('"-2"');
    expect(csv).not.toMatch(/(^|,)"=/m);
  });
});
