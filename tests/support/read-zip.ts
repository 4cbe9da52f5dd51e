import { createRequire } from 'node:module';

/** The few parts of yauzl (a zip reader, not a dependency of the app) the tests use. */
type YauzlEntry = { fileName: string; compressionMethod: number };
type YauzlZip = {
  readEntry: () => void;
  on: (event: 'entry' | 'end' | 'error', listener: (value: YauzlEntry & Error) => void) => void;
  openReadStream: (entry: YauzlEntry, callback: (error: Error | null, stream: NodeJS.ReadableStream) => void) => void;
};
type Yauzl = { fromBuffer: (buffer: Buffer, options: { lazyEntries: boolean; strictFileNames?: boolean }, callback: (error: Error | null, zip: YauzlZip) => void) => void };

const yauzl = createRequire(import.meta.url)('yauzl') as Yauzl;

export type ZipFile = { name: string; bytes: Buffer; method: number };

/** Every file of a zip, read with yauzl (which checks each entry's CRC-32 and sizes). */
export function readZip(archive: Uint8Array): Promise<ZipFile[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(archive), { lazyEntries: true, strictFileNames: true }, (error, zip) => {
      if (error) return reject(error);
      const files: ZipFile[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.push({ name: entry.fileName, bytes: Buffer.concat(chunks), method: entry.compressionMethod });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
