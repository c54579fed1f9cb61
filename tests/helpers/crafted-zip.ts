/**
 * Zips built byte by byte for tests and benches of the upload limits: entries whose directory (local
 * header and central directory alike) declares whatever size the test says, and deflate streams that
 * inflate to gigabytes without anyone having to compress gigabytes.
 */
import zlib from 'node:zlib';

/** One entry: its content, or a ready raw deflate stream; `declaredSize` is what both headers claim it inflates to. */
export type CraftedEntry = { name: string } & ({ data: Buffer; declaredSize?: number } | { deflated: Buffer; declaredSize: number });

/** 1980-01-01, the first day a zip can name. */
const DOS_DATE = (1 << 5) | 1;

/** A zip of deflated entries (no data descriptors, no zip64) whose headers declare each entry's `declaredSize`. */
export function craftZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const deflated = 'data' in e ? zlib.deflateRawSync(e.data) : e.deflated;
    const crc = 'data' in e ? zlib.crc32(e.data) : 0;
    const declared = e.declaredSize ?? ('data' in e ? e.data.length : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A raw deflate stream that inflates to `prefix` followed by `mib` MiB of `byte`, built from one
 * compressed MiB repeated: a full flush makes each copy independent of what came before.
 */
export function repeatedDeflate(byte: number, mib: number, prefix: Buffer = Buffer.alloc(0)): Buffer {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const head = prefix.length ? zlib.deflateRawSync(prefix, flush) : Buffer.alloc(0);
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, byte), flush);
  const last = zlib.deflateRawSync(Buffer.alloc(0)); // an empty final block
  return Buffer.concat([head, ...Array.from({ length: mib }, () => block), last]);
}
