/**
 * Upload kinds: the size limit and the file types each accepts (spec §5/§9). Both sides read it:
 * the console refuses early, the server checks while streaming and by content, not by name.
 */
import { Files } from './constants';

/** A file type recognised by its first bytes. */
export type FileType = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'zip' | 'mp4' | 'mp3' | 'wav' | 'flv' | 'pgm' | 'xlsx' | 'text' | 'binary';

/** One upload kind. */
export interface UploadKind {
  maxBytes: number;
  types: FileType[] | 'any';
  /** The limit itself is allowed ("at most", spec §5: a point picture of at most 512 KB); otherwise a file at or above it is refused. */
  atMost?: boolean;
}

/** Upload kinds by name (the `kind` query parameter of POST /api/upload). */
export const UPLOAD_KINDS: Record<string, UploadKind> = {
  logo: { maxBytes: Files.logoMaxBytes, types: ['png', 'jpeg', 'gif', 'webp'] },
  image: { maxBytes: Files.pointPictureMaxBytes, types: ['png', 'jpeg'], atMost: true },
  alarmIcon: { maxBytes: Files.alarmIconMaxBytes, types: ['png', 'jpeg', 'gif'] },
  media: { maxBytes: Files.uploadMaxBytes, types: ['mp4', 'mp3', 'wav', 'flv'] },
  document: { maxBytes: Files.uploadMaxBytes, types: ['xlsx', 'zip', 'pdf', 'text'] },
  file: { maxBytes: Files.uploadMaxBytes, types: 'any' },
};

/** Whether a file of `size` bytes is over a kind's limit (`maxBytes` overrides the kind's own). */
export function overLimit(size: number, kind: UploadKind, maxBytes = kind.maxBytes): boolean {
  return kind.atMost ? size > maxBytes : size >= maxBytes;
}

/** Recognises a file type from its first bytes (at least 12 are needed). */
export function sniffFileType(head: Uint8Array): FileType {
  const b = (i: number) => head[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((c, i) => b(from + i) === c.charCodeAt(0));
  if (b(0) === 0x89 && ascii(1, 'PNG')) return 'png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (ascii(0, 'GIF8')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (ascii(0, '%PDF')) return 'pdf';
  if (b(0) === 0x50 && b(1) === 0x4b && b(2) === 0x03 && b(3) === 0x04) return ascii(30, '[Content_Types].xml') ? 'xlsx' : 'zip';
  if (ascii(4, 'ftyp')) return 'mp4';
  if (ascii(0, 'ID3') || (b(0) === 0xff && (b(1) & 0xe0) === 0xe0)) return 'mp3';
  if (ascii(0, 'FLV')) return 'flv';
  if (b(0) === 0x50 && (b(1) === 0x35 || b(1) === 0x32) && (b(2) === 0x0a || b(2) === 0x20 || b(2) === 0x0d)) return 'pgm';
  const sample = head.subarray(0, Math.min(head.length, 512));
  if (sample.length > 0 && sample.every((c) => c === 9 || c === 10 || c === 13 || (c >= 32 && c !== 127))) return 'text';
  return 'binary';
}

/** Human size for messages: 0.5 MB, 100 KB, 1 GB. */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(2)} GB`;
  if (n >= 512 * 1024) return `${+(n / 1024 ** 2).toFixed(2)} MB`;
  return `${+(n / 1024).toFixed(2)} KB`;
}
