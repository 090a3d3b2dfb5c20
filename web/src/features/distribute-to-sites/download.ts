/** Saves a blob as a file named `fileName` (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file over; the address is not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
