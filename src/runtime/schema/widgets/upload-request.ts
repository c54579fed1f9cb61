/**
 * Sends one file to POST /api/upload with the session token, reporting progress (XHR, because
 * fetch has no upload progress). Resolves the stored file; rejects with the server's message.
 */
import { formatBytes, overLimit, UPLOAD_KINDS, type FileType } from '@common/uploads';
import { formatMessage } from '@common/messages';
import type { Lang } from '@common/protocol';
import { getToken } from '../../session/session-store';
import { AbortedError } from '../../api/errors';

/** What the server answers for a stored file. */
export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  type: string;
}

/** The limit a field applies: its x-max-bytes, else its kind's. */
export function uploadLimit(kind: string, maxBytes?: number): number {
  return maxBytes ?? UPLOAD_KINDS[kind]?.maxBytes ?? UPLOAD_KINDS.file!.maxBytes;
}

/** The message for a file refused in the browser before sending (same text as the server's), or null; `kind` says whether the limit itself is allowed. */
export function earlyRefusal(size: number, limit: number, lang: Lang, kind?: string): string | null {
  return overLimit(size, UPLOAD_KINDS[kind ?? 'file'] ?? UPLOAD_KINDS.file!, limit) ? formatMessage('fileTooLarge', lang, { limit: formatBytes(limit) }) : null;
}

const MIME_TYPES: Partial<Record<FileType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: '.zip',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flv: '.flv',
  xlsx: '.xlsx',
  text: 'text/plain',
};

/** The file chooser's `accept` for a kind (a hint only: the server checks the content). */
export function acceptFor(kind: string): string | undefined {
  const types = UPLOAD_KINDS[kind]?.types;
  if (!types || types === 'any') return undefined;
  return types.map((t) => MIME_TYPES[t]).filter(Boolean).join(',') || undefined;
}

/** Uploads a file, calling onProgress with 0-100; aborting the signal cancels the request (rejects with AbortedError). */
export function uploadFile(file: Blob & { name?: string }, kind: string, onProgress: (percent: number) => void, lang: Lang, signal?: AbortSignal): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new AbortedError());
    xhr.open('POST', `/api/upload?kind=${encodeURIComponent(kind)}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('token', token);
    xhr.setRequestHeader('accept-language', lang);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(new Error(formatMessage('serverError', lang)));
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { code: number; message: string; data?: UploadedFile };
        if (body.code === 0 && body.data) resolve(body.data);
        else reject(new Error(body.message));
      } catch {
        reject(new Error(formatMessage('serverError', lang)));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name ?? 'file');
    xhr.send(form);
  });
}
