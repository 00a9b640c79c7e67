/** Offers `blob` as a file download (an export, or a CSV built in the browser). */
export function offerDownload(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after click() has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
