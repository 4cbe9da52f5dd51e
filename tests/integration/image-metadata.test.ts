import { deflateSync, crc32 } from 'node:zlib';
import exifr from 'exifr';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../../src/core/security/image-metadata.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Found in review: an uploaded photo kept its EXIF and GPS data, and the admin's download
 * showed where the founder was. Real files carrying GPS EXIF (and XMP, a comment) go up through
 * feedback, AI context and the mentor's chat; what comes back down has none of it (read with
 * exifr, an independent EXIF reader), and the pixels are the same.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '20' });
});
afterAll(() => t.close());

const u16 = (value: number) => [value >> 8, value & 0xff];
const u32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const rational = (numerator: number, denominator = 1) => [...u32(numerator), ...u32(denominator)];
const text = (value: string) => [...new TextEncoder().encode(value)];

/**
 * A big-endian EXIF (TIFF) block: IFD0 with Make, Orientation 6 and a pointer to a GPS IFD
 * holding 40°26'46"N 79°58'56"W, as a phone writes it.
 */
function exifTiff(): number[] {
  const make = text('PhoneCo\0');
  // Offsets from the TIFF header: IFD0 at 8 (3 entries), GPS IFD after it, then the values.
  const ifd0 = 8;
  const ifd0Size = 2 + 3 * 12 + 4;
  const gps = ifd0 + ifd0Size;
  const gpsSize = 2 + 4 * 12 + 4;
  const makeAt = gps + gpsSize;
  const latAt = makeAt + make.length;
  const lonAt = latAt + 24;
  const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
  return [
    ...text('MM'), ...u16(42), ...u32(ifd0),
    ...u16(3),
    ...entry(0x010f, 2, make.length, u32(makeAt)),
    ...entry(0x0112, 3, 1, [...u16(6), 0, 0]),
    ...entry(0x8825, 4, 1, u32(gps)),
    ...u32(0),
    ...u16(4),
    ...entry(0x0001, 2, 2, [...text('N\0'), 0, 0]),
    ...entry(0x0002, 5, 3, u32(latAt)),
    ...entry(0x0003, 2, 2, [...text('W\0'), 0, 0]),
    ...entry(0x0004, 5, 3, u32(lonAt)),
    ...u32(0),
    ...make,
    ...rational(40), ...rational(26), ...rational(46),
    ...rational(79), ...rational(58), ...rational(56),
  ];
}

const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,26.7667N"/></rdf:RDF></x:xmpmeta>';
const segment = (marker: number, payload: number[]) => [0xff, marker, ...u16(payload.length + 2), ...payload];

/** A 16×16 JPEG (jpeg-js) with the EXIF above, an XMP packet and a comment after its JFIF header. */
function jpegWithGps() {
  const width = 16;
  const data = Buffer.alloc(width * width * 4);
  for (let i = 0; i < width * width; i++) data.set([i % 256, (i * 3) % 256, 200, 255], i * 4);
  const plain = jpeg.encode({ data, width, height: width }, 90).data;
  const jfifLength = (plain[4]! << 8) | plain[5]!;
  const head = plain.subarray(0, 4 + jfifLength);
  const metadata = [
    ...segment(0xe1, [...text('Exif\0\0'), ...exifTiff()]),
    ...segment(0xe1, [...text('http://ns.adobe.com/xap/1.0/\0'), ...text(XMP)]),
    ...segment(0xfe, text('Taken at home')),
  ];
  return new Uint8Array([...head, ...metadata, ...plain.subarray(4 + jfifLength)]);
}

const pngChunk = (type: string, data: Uint8Array) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([Buffer.from(u32(data.length)), body, Buffer.from(u32(crc32(body)))]);
};

/** A 2×2 PNG with an eXIf chunk (the EXIF above) and XMP in an iTXt chunk. */
function pngWithGps() {
  const header = Buffer.from([...u32(2), ...u32(2), 8, 2, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('eXIf', Buffer.from(exifTiff())),
      pngChunk('iTXt', Buffer.from([...text('XML:com.adobe.xmp\0\0\0\0\0'), ...text(XMP)])),
      pngChunk('IDAT', pixels),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function download(path: string, cookie: string) {
  const redirect = await t.request(path, { cookie });
  expect(redirect.status).toBe(302);
  const file = await t.request(redirect.headers.get('location')!, { cookie });
  expect(file.status).toBe(200);
  return new Uint8Array(await file.arrayBuffer());
}

const hasText = (bytes: Uint8Array, needle: string) => Buffer.from(bytes).includes(needle);

describe('image metadata on upload', () => {
  it('the test images carry GPS EXIF and XMP as a phone’s do (exifr reads them)', async () => {
    const gps = await exifr.gps(Buffer.from(jpegWithGps()));
    expect(gps.latitude).toBeCloseTo(40.446, 2);
    expect(gps.longitude).toBeCloseTo(-79.982, 2);
    expect((await exifr.parse(Buffer.from(pngWithGps()), { xmp: true })) as object).toHaveProperty('GPSLatitude');
  });

  it('a feedback image comes back without EXIF, GPS, XMP or comment, same pixels, still upright', async () => {
    const { cookie } = await t.signUp();
    const original = jpegWithGps();
    const body = new FormData();
    for (const [name, value] of Object.entries({ type: 'idea', content: 'The chart could fit my phone better', page: '/metrics', appVersion: '0.1.0' })) body.append(name, value);
    body.append('images', new File([original as BlobPart], 'photo.jpg', { type: 'image/jpeg' }));
    const response = await t.request('/api/feedback', { method: 'POST', cookie, body });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; images: { id: string }[] };
    const stored = await download(`/api/feedback/${created.id}/images/${created.images[0]!.id}`, cookie);

    expect(await exifr.gps(Buffer.from(stored))).toBeUndefined();
    const left = (await exifr.parse(Buffer.from(stored), { xmp: true, iptc: true, tiff: true, exif: true })) as Record<string, unknown> | undefined;
    expect(left ?? {}).not.toHaveProperty('Make');
    expect(left?.Orientation).toBe('Rotate 90 CW');
    expect(hasText(stored, 'PhoneCo') || hasText(stored, 'xmpmeta') || hasText(stored, 'Taken at home')).toBe(false);
    expect(jpeg.decode(stored).data).toEqual(jpeg.decode(original).data);
  });

  it('an AI context image and a chat upload are stored without metadata too', async () => {
    const { cookie } = await t.signUp();
    const body = new FormData();
    body.append('type', 'learnings');
    body.append('description', 'Whiteboard photos');
    body.append('files', new File([pngWithGps() as BlobPart], 'board.png', { type: 'image/png' }));
    body.append('files', new File([jpegWithGps() as BlobPart], 'team.jpg', { type: 'image/jpeg' }));
    const created = await t.request('/api/context', { method: 'POST', cookie, body });
    expect(created.status).toBe(201);
    const { entry } = (await created.json()) as { entry: { id: string; files: { id: string; name: string }[] } };
    expect(entry.files.map((file) => file.name).sort()).toEqual(['board.png', 'team.jpg']);
    for (const file of entry.files) {
      const stored = await download(`/api/context/${entry.id}/files/${file.id}`, cookie);
      expect(await exifr.gps(Buffer.from(stored)), file.name).toBeUndefined();
      expect(hasText(stored, 'xmpmeta') || hasText(stored, 'PhoneCo'), file.name).toBe(false);
    }

    expect((await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: true } })).status).toBe(200);
    const chat = new FormData();
    chat.append('files', new File([jpegWithGps() as BlobPart], 'receipt.jpg', { type: 'image/jpeg' }));
    const uploaded = await t.request('/api/mentor/conversations/files', { method: 'POST', cookie, body: chat });
    expect(uploaded.status).toBe(201);
    const entries = await answerOf('GET /api/context', t.request('/api/context', { cookie }));
    const chatEntry = entries.entries.find((candidate) => candidate.files.some((file) => file.name === 'receipt.jpg'))!;
    const stored = await download(`/api/context/${chatEntry.id}/files/${chatEntry.files[0]!.id}`, cookie);
    expect(await exifr.gps(Buffer.from(stored))).toBeUndefined();
    expect(hasText(stored, 'PhoneCo')).toBe(false);
  });

  it('keeps a WebP’s picture chunks, drops its EXIF and XMP chunks and clears their flags', () => {
    const chunk = (type: string, data: number[]) => [...text(type), data.length & 0xff, (data.length >> 8) & 0xff, 0, 0, ...data, ...(data.length % 2 ? [0] : [])];
    const body = [...text('WEBP'), ...chunk('VP8X', [0x0c, 0, 0, 0, 1, 0, 0, 1, 0, 0]), ...chunk('VP8L', [0x2f, 1, 2, 3, 4]), ...chunk('EXIF', exifTiff()), ...chunk('XMP ', text(XMP))];
    const webp = new Uint8Array([...text('RIFF'), ...u32(body.length).reverse(), ...body]);
    const stripped = stripImageMetadata(webp, 'image/webp')!;
    expect(Buffer.from(stripped).toString('latin1')).toBe(
      Buffer.from([...text('RIFF'), ...u32(4 + 18 + 14).reverse(), ...text('WEBP'), ...chunk('VP8X', [0, 0, 0, 0, 1, 0, 0, 1, 0, 0]), ...chunk('VP8L', [0x2f, 1, 2, 3, 4])]).toString('latin1'),
    );
    expect(stripImageMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff]), 'image/jpeg')).toBeNull();
  });
});
