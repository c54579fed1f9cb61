/** nodeVersion's plain logic: version order, outdated, and the program upload on the large-file address. */
import { MOVE_PROGRAM_PATH } from '@common/events/maintenance-software';
import { AbortedError } from '@runtime';

/** Orders dotted versions by their numeric parts (1.10.0 after 1.9.2); other parts compare as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    const d = Number.isNaN(nx) || Number.isNaN(ny) ? x.localeCompare(y) : nx - ny;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Whether a version is older than the latest in versionManage (no latest: not outdated). */
export const isOutdated = (version: string, latest?: string): boolean => !!latest && compareVersions(version, latest) < 0;

/**
 * Sends a program to uploadMoveProgram on the large-file address (multipart: `param` first, then
 * `file`), reporting 0-100 while it goes; resolves with the answer's param, rejects with its statusInfo.
 */
export function uploadProgram(
  base: string,
  token: string,
  lang: string,
  param: { robotId: string; name: string; version?: string },
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ robotId: string; name: string; version: string; size: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new AbortedError());
    xhr.open('POST', `${base.replace(/\/$/, '')}${MOVE_PROGRAM_PATH}`);
    xhr.setRequestHeader('token', token);
    xhr.setRequestHeader('accept-language', lang);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
    xhr.onerror = () => reject(new Error(xhr.statusText || 'network error'));
    xhr.onload = () => {
      try {
        const a = JSON.parse(xhr.responseText) as { statusCode: number; statusInfo: string; param?: { robotId: string; name: string; version: string; size: number } };
        if (a.statusCode === 200 && a.param) {
          onProgress(100);
          resolve(a.param);
        } else reject(new Error(a.statusInfo));
      } catch {
        reject(new Error(xhr.statusText || String(xhr.status)));
      }
    };
    const form = new FormData();
    form.append('param', JSON.stringify(param));
    form.append('file', file, (file as File).name ?? 'program.bin');
    xhr.send(form);
  });
}
