import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TYPES, checkFile, MAX_FILE_BYTES, sniffTypes } from '../../../src/core/security/files.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));
const file = (name: string, content: Uint8Array, size = content.byteLength) => ({ name, size, bytes: content });

const SAMPLES = {
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'),
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  'image/gif': bytes('GIF89a', [1, 0, 1, 0]),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  'application/pdf': bytes('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3]),
  'text/plain': bytes('Semana,Ingresos\n2026-W01,1500\nñandú 😀\r\n'),
  'application/json': bytes('{"ok": true, "n": [1, 2]}'),
} as const;

describe('checkFile', () => {
  it('knows JPEG, PNG, GIF, WebP, PDF, plain text and JSON, up to 10 MB', () => {
    expect([...ALLOWED_TYPES].sort()).toEqual(['application/json', 'application/pdf', 'image/gif', 'image/jpeg', 'image/png', 'image/webp', 'text/plain']);
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
  });

  it.each(Object.entries(SAMPLES))('detects %s by its bytes', (type, content) => {
    expect(checkFile(file('upload', content))).toEqual({ ok: true, type });
  });

  it('never trusts the name: a PNG called report.pdf is a PNG', () => {
    expect(checkFile(file('report.pdf', SAMPLES['image/png']), { allowed: ['application/pdf'] })).toEqual({ ok: false, message: 'File type not allowed' });
    expect(checkFile(file('photo.png', SAMPLES['application/pdf']), { allowed: ['image/png', 'image/jpeg'] })).toEqual({ ok: false, message: 'File type not allowed' });
  });

  it('treats CSV and JSON as text', () => {
    expect(checkFile(file('metrics.csv', SAMPLES['text/plain']), { allowed: ['text/plain'] })).toEqual({ ok: true, type: 'text/plain' });
    expect(checkFile(file('data.json', SAMPLES['application/json']), { allowed: ['text/plain'] })).toEqual({ ok: true, type: 'text/plain' });
    expect(checkFile(file('notes.txt', SAMPLES['text/plain']), { allowed: ['application/json'] })).toEqual({ ok: false, message: 'File type not allowed' });
  });

  it.each([
    ['NUL byte', bytes('text', [0], 'more')],
    ['control byte', bytes('text', [0x07])],
    ['invalid UTF-8', bytes('caf', [0xe9])],
    ['an executable', bytes('MZ', [0x90, 0, 3, 0])],
    ['a zip', bytes('PK', [3, 4, 20, 0])],
    ['an SVG (script-capable)', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an empty file', bytes()],
  ])('refuses %s as not allowed when only images and PDF are', (_, content) => {
    expect(checkFile(file('x', content), { allowed: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] })).toEqual({
      ok: false,
      message: 'File type not allowed',
    });
  });

  it('refuses binary and empty content even when text is allowed', () => {
    expect(checkFile(file('x.txt', bytes('a', [0], 'b'))).ok).toBe(false);
    expect(checkFile(file('x.txt', bytes('caf', [0xe9]))).ok).toBe(false);
    expect(checkFile(file('x.txt', bytes())).ok).toBe(false);
  });

  it('refuses 10MB or more, by declared or actual size', () => {
    expect(checkFile(file('big.pdf', SAMPLES['application/pdf'], MAX_FILE_BYTES))).toEqual({ ok: false, message: 'File size must be less than 10MB' });
    expect(checkFile(file('ok.pdf', SAMPLES['application/pdf'], MAX_FILE_BYTES - 1)).ok).toBe(true);
    const big = new Uint8Array(MAX_FILE_BYTES);
    big.set(SAMPLES['image/png']);
    expect(checkFile(file('big.png', big, 10))).toEqual({ ok: false, message: 'File size must be less than 10MB' });
    expect(checkFile(file('a.png', SAMPLES['image/png'], Number.NaN)).ok).toBe(true);
  });

  it('states a smaller limit in its message (feedback images: 5MB)', () => {
    expect(checkFile(file('shot.png', SAMPLES['image/png'], 6 * 1024 * 1024), { maxBytes: 5 * 1024 * 1024, allowed: ['image/png', 'image/jpeg'] })).toEqual({
      ok: false,
      message: 'File size must be less than 5MB',
    });
  });

  it.each(['a<b.png', 'a>b.png', 'a:b.png', 'a"b.png', 'dir/a.png', 'dir\\a.png', 'a|b.png', 'a?.png', 'a*.png', 'a\u0000.png', '', '  ', '..', 'invoice\u202Efdp.exe', 'a\u200Bb.pdf', 'a\u2066b\u2069.pdf', 'a\u200Fb.png', 'a\uFEFF.png', 'a\u0085.png', 'a\u3164.png', 'a\u2800.png', 'a\u{E0041}.png', 'a\u034F.png', 'a\uD800.png'])(
    'refuses the name %j',
    (name) => {
      expect(checkFile(file(name, SAMPLES['image/png']))).toEqual({ ok: false, message: 'File name contains invalid characters' });
    },
  );

  it.each(['logo.png', 'Informe Q1 (final).pdf', 'métricas-2026_v2.csv', '😀.gif'])('accepts the name %j', (name) => {
    expect(checkFile(file(name, SAMPLES['image/png'])).ok).toBe(true);
  });

  it('never throws on arbitrary bytes and names, and only passes allowed types', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.uint8Array({ maxLength: 64 }), (name, content) => {
        const result = checkFile(file(name, content));
        if (result.ok) expect(sniffTypes(content)).toContain(result.type);
        if (/[<>:"/\\|?*]/.test(name)) expect(result.ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
