import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { formatBytes, overLimit, sniffFileType, type FileType, type UploadKind } from '../../common/uploads';
import { StatusCode } from '../../common/protocol';
import { AppError } from '../errors';

/** A stored upload. */
export interface StoredFile {
  url: string;
  path: string;
  size: number;
  type: FileType;
  /** SHA-256 of the bytes (lower-case hex), computed as they streamed in. */
  sha256: string;
}

const EXT: Partial<Record<FileType, string>> = { jpeg: 'jpg', text: 'txt', binary: 'bin' };

/**
 * Streams one file to disk under `root`, counting bytes as they come and checking the type by
 * content from the first bytes. Over the limit or of the wrong type, it stops reading, removes the
 * partial file and throws the message the caller sees. Nothing half-written is left behind.
 * The SHA-256 of the bytes is computed on the way (a robot checks a program it downloads with it).
 */
export async function storeUpload(stream: Readable, kind: UploadKind, root: string, publicPrefix: string): Promise<StoredFile> {
  const month = new Date().toISOString().slice(0, 7);
  const tmpDir = path.join(root, '.partial');
  fs.mkdirSync(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, crypto.randomBytes(12).toString('hex'));
  const out = fs.createWriteStream(tmp);
  let size = 0;
  let head = Buffer.alloc(0);
  let type: FileType | null = null;
  const hash = crypto.createHash('sha256');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (overLimit(size, kind)) throw new AppError(StatusCode.badRequest, 'fileTooLarge', { limit: formatBytes(kind.maxBytes) });
      hash.update(chunk);
      if (type === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 64) type = checkType(head, kind);
      }
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    if (size === 0) throw new AppError(StatusCode.badRequest, 'noFile');
    type ??= checkType(head, kind);
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    const name = `${crypto.randomBytes(16).toString('hex')}.${EXT[type] ?? type}`;
    const finalDir = path.join(root, month);
    fs.mkdirSync(finalDir, { recursive: true });
    const finalPath = path.join(finalDir, name);
    fs.renameSync(tmp, finalPath);
    return { url: `${publicPrefix}${month}/${name}`, path: finalPath, size, type, sha256: hash.digest('hex') };
  } catch (err) {
    stream.destroy();
    // Wait for the write stream to close: it may still be opening the file we are about to remove.
    if (!out.closed) await new Promise<void>((r) => (out.once('close', () => r()), out.destroy()));
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

function checkType(head: Buffer, kind: UploadKind): FileType {
  const type = sniffFileType(head);
  if (kind.types !== 'any' && !kind.types.includes(type)) {
    throw new AppError(StatusCode.badRequest, 'wrongFileFormat', { allowed: kind.types.join(', ') });
  }
  return type;
}
