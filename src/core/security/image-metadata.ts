/**
 * Uploaded images without what a camera or editor wrote beside the picture
 * (decision 247): EXIF (GPS position, device, time), XMP, IPTC and comments. The pixels are
 * not touched (no re-encoding, no quality lost): the container is rewritten without the
 * metadata segments or chunks. A JPEG's orientation is the one EXIF field kept, as a minimal
 * EXIF of that single tag, so a phone photo is not shown on its side.
 *
 * Anything not well-formed is answered with null: the caller refuses the file rather than
 * keep bytes it could not clean.
 */

import type { AllowedType } from './files.ts';

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// ---- JPEG -------------------------------------------------------------------------------

const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const SOS = 0xda;
const EOI = 0xd9;

/** The EXIF orientation (1–8) in an APP1 segment's payload, or null. */
function exifOrientation(payload: Uint8Array): number | null {
  if (ascii(payload, 0, 6) !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  if (tiff.length < 8) return null;
  const little = ascii(tiff, 0, 2) === 'II';
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding only the orientation tag (big-endian TIFF, one IFD entry). */
function orientationSegment(orientation: number): Uint8Array {
  const payload = new Uint8Array([
    ...[0x45, 0x78, 0x69, 0x66, 0, 0], // "Exif\0\0"
    ...[0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8], // "MM", 42, first IFD at 8
    ...[0, 1], // one entry
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0], // Orientation, SHORT, 1 value
    ...[0, 0, 0, 0], // no next IFD
  ]);
  const length = payload.length + 2;
  return concat([new Uint8Array([0xff, APP1, length >> 8, length & 0xff]), payload]);
}

/**
 * Segments kept before the image data: JFIF (APP0), the ICC colour profile (APP2
 * `ICC_PROFILE`), Adobe's colour transform (APP14) and every non-APP marker (tables, frame
 * header). EXIF and XMP (APP1), IPTC (APP13), other APPn and comments (COM) go.
 */
function keepsJpegSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === APP0 || marker === APP14) return true;
  if (marker === APP2) return ascii(payload, 0, 12) === 'ICC_PROFILE\0';
  if (marker >= APP1 && marker <= 0xef) return false;
  return marker !== 0xfe;
}

function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let position = 2;
  while (position + 2 <= bytes.length) {
    if (bytes[position] !== 0xff) return null;
    const marker = bytes[position + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === EOI) return concat([...parts, bytes.subarray(position)]);
    if (position + 4 > bytes.length) return null;
    const length = (bytes[position + 2]! << 8) | bytes[position + 3]!;
    if (length < 2 || position + 2 + length > bytes.length) return null;
    const payload = bytes.subarray(position + 4, position + 2 + length);
    if (marker === APP1) orientation ??= exifOrientation(payload);
    if (marker === SOS) {
      // The entropy-coded data and everything after it are the picture: kept as they are.
      if (orientation !== null && orientation !== 1) parts.splice(1, 0, orientationSegment(orientation));
      return concat([...parts, bytes.subarray(position)]);
    }
    if (keepsJpegSegment(marker, payload)) parts.push(bytes.subarray(position, position + 2 + length));
    position += 2 + length;
  }
  return null;
}

// ---- PNG --------------------------------------------------------------------------------

/** Text (tEXt, zTXt, iTXt, where XMP lives), EXIF (eXIf) and the last-modified time (tIME). */
const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let position = 8;
  while (position + 12 <= bytes.length) {
    const length = view.getUint32(position);
    const end = position + 12 + length;
    if (end > bytes.length) return null;
    const type = ascii(bytes, position + 4, 4);
    if (!PNG_METADATA_CHUNKS.has(type)) parts.push(bytes.subarray(position, end));
    position = end;
    if (type === 'IEND') return concat(parts);
  }
  return null;
}

// ---- WebP -------------------------------------------------------------------------------

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = Math.min(bytes.length, 8 + view.getUint32(4, true));
  const parts: Uint8Array[] = [];
  let position = 12;
  while (position + 8 <= riffEnd) {
    const type = ascii(bytes, position, 4);
    const size = view.getUint32(position + 4, true);
    const end = position + 8 + size + (size % 2);
    if (position + 8 + size > riffEnd) return null;
    if (type === 'VP8X') {
      const chunk = bytes.slice(position, Math.min(end, riffEnd));
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      parts.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') parts.push(bytes.subarray(position, Math.min(end, riffEnd)));
    position = end;
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/**
 * The image without its metadata, or null when the file is not a well-formed image of its
 * type. GIF carries no EXIF or GPS; other types are not images and are returned as they are.
 */
export function stripImageMetadata(bytes: Uint8Array, type: AllowedType): Uint8Array | null {
  switch (type) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    default:
      return bytes;
  }
}
