import type { AxiosResponse } from 'axios';
import type { Locale } from '../errors/catalogue.js';
import { isEnvelope, unwrapEnvelope } from './envelope.js';

export interface BlobResult {
  blob: Blob;
  /** From Content-Disposition (RFC 6266, `filename*` preferred), for the save dialog. */
  fileName: string | null;
  contentType: string;
}

/** A download that failed comes back as a JSON envelope inside the blob; read it so the caller gets the code. */
export async function readBlobAnswer(path: string, response: AxiosResponse, locale: Locale): Promise<BlobResult> {
  const contentType = String(response.headers['content-type'] ?? '');
  const data: unknown = response.data;
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type: contentType });
  if (contentType.includes('json') || response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await blob.text());
    } catch {
      parsed = undefined;
    }
    if (isEnvelope(parsed) || response.status >= 400) unwrapEnvelope(path, response.status, parsed, locale);
  }
  return { blob, fileName: fileNameFrom(String(response.headers['content-disposition'] ?? '')), contentType };
}

export function fileNameFrom(disposition: string): string | null {
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}
