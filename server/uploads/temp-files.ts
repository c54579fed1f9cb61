import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A fresh folder under `parent` (made when missing) for one request's temporary files; the caller removes it. */
export async function makeTempDir(parent: string, prefix: string): Promise<string> {
  await fs.promises.mkdir(parent, { recursive: true });
  return fs.promises.mkdtemp(path.join(parent, prefix));
}

/** What saveStream wrote. */
export interface SavedStream {
  /** Bytes read from the stream. */
  size: number;
  /** Its first (up to) 64 bytes, enough to sniff the type. */
  head: Buffer;
  /** False when it was longer than `keepMax`: then nothing is left at the path. */
  kept: boolean;
}

/**
 * Streams `input` into a new file at `file`, never holding more than a chunk in memory. Beyond
 * `keepMax` bytes (a number, or a function of the first 64 bytes, e.g. of the type they show) it
 * stops writing and removes the file, but reads the stream on to its end (a multipart request goes
 * on to the next part only then). The file is closed before it returns or throws, and removed when
 * it throws.
 */
export async function saveStream(input: Readable, file: string, keepMax: number | ((head: Buffer) => number) = Infinity): Promise<SavedStream> {
  let out: fs.WriteStream | null = fs.createWriteStream(file);
  let outError: Error | null = null;
  out.on('error', (err) => (outError = err));
  const closeOut = async () => {
    const o = out;
    out = null;
    if (o && !o.closed) await new Promise<void>((r) => (o.once('close', () => r()), o.end()));
  };
  let size = 0;
  let head = Buffer.alloc(0);
  let kept = true;
  let max = typeof keepMax === 'number' ? keepMax : Infinity;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (outError) throw outError;
      size += chunk.length;
      if (head.length < 64) {
        head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
        if (head.length === 64 && typeof keepMax === 'function') max = keepMax(head);
      }
      if (kept && size > max) {
        kept = false;
        await closeOut();
        await fs.promises.rm(file, { force: true });
      }
      if (kept && out && !out.write(chunk)) {
        const o: fs.WriteStream = out;
        await new Promise<void>((r) => {
          const done = () => (o.off('drain', done), o.off('close', done), r());
          o.on('drain', done);
          o.on('close', done);
        });
      }
    }
    await closeOut();
    if (outError) throw outError;
    return { size, head, kept };
  } catch (err) {
    await closeOut();
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

/** Reads a stream to its end, dropping what it says. */
export async function drain(input: Readable): Promise<void> {
  for await (const _ of input as AsyncIterable<Buffer>) void _;
}
