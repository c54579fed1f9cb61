import { Transform, type Readable } from 'node:stream';
import type yauzl from 'yauzl';

/** The file is not a zip we can read (no directory, broken entry, encrypted, unknown compression …). */
export class ZipUnreadableError extends Error {}

/**
 * An entry inflated to more bytes than the zip's directory declares for it, or the entries of one
 * read inflated to more than their byte budget: a lying directory or a zip bomb.
 */
export class ZipTooLargeError extends Error {}

/** Bytes that the entries of one read may still inflate to, shared by all of them and counted as they come. */
export interface InflateBudget {
  left: number;
}

/** One entry as the zip's central directory describes it (nothing inflated yet). */
export type ZipEntry = yauzl.Entry;

/**
 * A zip on disk read lazily with yauzl: the central directory entry by entry, each entry inflated as a
 * stream only when asked for. Sizes are never trusted: yauzl's `validateEntrySizes` fails an entry as
 * soon as it inflates to more bytes than declared, and every byte inflated is counted against the
 * read's budget, so neither a lying directory nor a bomb gets further than the first byte too many.
 */
export class ZipReader {
  private late: Error | null = null;

  private constructor(private readonly zip: yauzl.ZipFile) {
    // yauzl reports directory errors as events; one arriving after we stopped listening must not crash the server.
    zip.on('error', (err: Error) => (this.late = err));
  }

  /** Opens a zip file; throws ZipUnreadableError when it has no readable central directory. */
  static open(file: string): Promise<ZipReader> {
    // yauzl is loaded on the first zip, not at start-up (issue 23).
    return import('yauzl').then(({ default: yauzl }) => new Promise<ZipReader>((resolve, reject) => {
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true }, (err, zip) =>
        err || !zip ? reject(new ZipUnreadableError(err?.message ?? 'no zip')) : resolve(new ZipReader(zip)),
      );
    }));
  }

  /**
   * The central directory's entries (read once per zip), stopping as soon as `keep` accepted more
   * than `max` of them or `scanMax` entries were looked at; nothing is inflated. Entries `keep`
   * refuses are not kept in memory.
   */
  entries(opts: { max: number; scanMax: number; keep?: (e: ZipEntry) => boolean }): Promise<{ entries: ZipEntry[]; complete: boolean }> {
    const { zip } = this;
    return new Promise((resolve, reject) => {
      const entries: ZipEntry[] = [];
      let seen = 0;
      const finish = (complete: boolean) => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
        resolve({ entries, complete });
      };
      const onEntry = (e: ZipEntry) => {
        seen++;
        if (!opts.keep || opts.keep(e)) entries.push(e);
        if (entries.length > opts.max || seen >= opts.scanMax) finish(false);
        else zip.readEntry();
      };
      const onEnd = () => finish(true);
      const onError = (err: Error) => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
        reject(new ZipUnreadableError(err.message));
      };
      if (this.late) return onError(this.late);
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
  }

  /**
   * The entry's inflated bytes as a stream. It fails with ZipTooLargeError at the first byte beyond
   * the entry's declared size or beyond the budget, with ZipUnreadableError when the data is broken.
   */
  open(entry: ZipEntry, budget: InflateBudget): Promise<Readable> {
    return new Promise((resolve, reject) => {
      if (entry.isEncrypted()) return reject(new ZipUnreadableError('encrypted entry'));
      this.zip.openReadStream(entry, (err, raw) => {
        if (err || !raw) return reject(new ZipUnreadableError(err?.message ?? 'no stream'));
        const counted = new Transform({
          transform(chunk: Buffer, _enc, done) {
            budget.left -= chunk.length;
            if (budget.left < 0) return done(new ZipTooLargeError('the entries inflate to more than the limit'));
            done(null, chunk);
          },
        });
        raw.on('error', (e: Error) => counted.destroy(/^too many bytes/.test(e.message) ? new ZipTooLargeError(e.message) : new ZipUnreadableError(e.message)));
        counted.on('close', () => raw.destroy());
        raw.pipe(counted);
        resolve(counted);
      });
    });
  }

  /** Closes the file (once the streams still open are done or destroyed). */
  close(): void {
    this.zip.close();
  }
}

/** Whether a zip entry is a folder. */
export const isFolder = (e: ZipEntry): boolean => e.fileName.endsWith('/');
