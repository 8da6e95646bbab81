import type { FileResponse } from '@central/domain';

function toBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves a file the API sent as base64 (a boleto, a fiscal note) under its own name. */
export function saveFile(file: FileResponse): void {
  const blob = new Blob([toBytes(file.base64)], { type: file.contentType || 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by now; a minute leaves slow phones time to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
