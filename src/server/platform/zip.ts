import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A small zip writer over node:zlib (decision 196): no zip library is a dependency, and
 * the data export needs only the plain format. Entries are written one at a time as the
 * stream is read, so memory holds one entry (and its compressed copy), not the archive.
 * Each entry is deflated unless that saves nothing (images, PDFs), then stored.
 * Names are UTF-8 (general-purpose flag bit 11). No Zip64: an archive or entry over
 * 4 GiB, or over 65,535 entries, is refused rather than written corrupt.
 */
export type ZipEntry = { name: string; bytes: Uint8Array; modifiedAt?: Date };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** 2.0: deflate, folders. */
const VERSION = 20;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

type Written = { name: Uint8Array; crc: number; method: number; compressedSize: number; size: number; time: number; date: number; offset: number };

/** MS-DOS time and date (local fields as UTC, 2-second steps; 1980 is the earliest). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/**
 * The fields a local header and its central directory record share, in the same order from
 * `at`: version needed, flags, method, time, date, CRC, both sizes and the name's length.
 */
function writeEntryFields(header: Buffer, entry: Written, at: number) {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(entry.method, at + 4);
  header.writeUInt16LE(entry.time, at + 6);
  header.writeUInt16LE(entry.date, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.name.length, at + 22);
}

function localHeader(entry: Written): Uint8Array {
  const header = Buffer.alloc(30 + entry.name.length);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  writeEntryFields(header, entry, 4);
  // extra length: 0
  header.set(entry.name, 30);
  return header;
}

function centralHeader(entry: Written): Uint8Array {
  const header = Buffer.alloc(46 + entry.name.length);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  // version made by, then the local header's fields
  header.writeUInt16LE(VERSION, 4);
  writeEntryFields(header, entry, 6);
  // extra length, comment length, disk number, internal attributes: all 0
  header.writeUInt32LE(0, 38);
  header.writeUInt32LE(entry.offset, 42);
  header.set(entry.name, 46);
  return header;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Uint8Array {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  return record;
}

/** A name inside the archive: forward slashes, no leading slash, no `..` (never outside the folder it is unpacked into). */
export function safeEntryName(name: string): string {
  const parts = name.replaceAll('\\', '/').split('/').filter((part) => part !== '' && part !== '.' && part !== '..');
  if (parts.length === 0) throw new Error('A zip entry needs a name');
  return parts.join('/');
}

/** The archive of `entries`, written as it is read. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): ReadableStream<Uint8Array> {
  const iterator = (Symbol.asyncIterator in entries ? entries[Symbol.asyncIterator]() : (entries as Iterable<ZipEntry>)[Symbol.iterator]()) as
    | AsyncIterator<ZipEntry>
    | Iterator<ZipEntry>;
  const written: Written[] = [];
  const seen = new Set<string>();
  let offset = 0;
  let finished = false;

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (finished) return;
      const next = await iterator.next();
      if (next.done) {
        finished = true;
        const central = written.map(centralHeader);
        const size = central.reduce((sum, header) => sum + header.length, 0);
        if (offset + size > MAX_32) throw new Error('The archive is too large for a zip without Zip64');
        for (const header of central) controller.enqueue(header);
        controller.enqueue(endOfCentralDirectory(written.length, size, offset));
        controller.close();
        return;
      }
      const { bytes, modifiedAt = new Date() } = next.value;
      const name = safeEntryName(next.value.name);
      if (seen.has(name)) throw new Error(`Two zip entries are named ${name}`);
      if (written.length >= MAX_ENTRIES) throw new Error('Too many entries for a zip without Zip64');
      seen.add(name);
      const deflated = deflateRawSync(bytes);
      const method = deflated.length < bytes.byteLength ? DEFLATED : STORED;
      const data = method === DEFLATED ? deflated : bytes;
      const entry: Written = {
        name: Buffer.from(name, 'utf8'),
        crc: crc32(bytes),
        method,
        compressedSize: data.byteLength,
        size: bytes.byteLength,
        ...dosDateTime(modifiedAt),
        offset,
      };
      const header = localHeader(entry);
      if (offset + header.length + data.byteLength > MAX_32) throw new Error('The archive is too large for a zip without Zip64');
      written.push(entry);
      offset += header.length + data.byteLength;
      controller.enqueue(header);
      controller.enqueue(data);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
