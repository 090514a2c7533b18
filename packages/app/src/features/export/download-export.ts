import type { ApiClient, DownloadedFile } from '@tender/api-client';
import { type ExportRecord, exportFileEndpoint } from '@tender/contracts';

/** Hands a downloaded file to the browser under its name (an object URL clicked as a download link). */
export function saveDownloadedFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL only holds the blob in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a finished export (`project/exportFile`, no use counted) and saves it. A refusal (gone, not ready)
 * comes as an envelope the api-client shows and rejects with.
 */
export async function downloadExport(client: ApiClient, record: ExportRecord): Promise<void> {
  const file = await client.download(exportFileEndpoint, { id: record.id });
  saveDownloadedFile(file, record.fileName);
}
