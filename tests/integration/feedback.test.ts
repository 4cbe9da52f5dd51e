import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, feedbackImages } from '../../src/server/db/schema/index.ts';
import { TINY_PNG } from '../support/make-pdf.ts';
import { errorOf } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The smallest well-formed JPEG container: start, a whole JFIF header, end (a cut-off header is refused as unreadable). */
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
const MB = 1024 * 1024;

type Image = { name: string; bytes: Uint8Array; type?: string };
const idea = { type: 'idea', content: 'A weekly digest of my numbers would help.', page: '/metrics', appVersion: '0.1.0' };

function form(fields: Record<string, string | string[]>, images: Image[] = []) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  for (const image of images) body.append('images', new File([image.bytes as BlobPart], image.name, { type: image.type ?? 'image/png' }));
  return body;
}
const send = (cookie: string, body: FormData) => t.request('/api/feedback', { method: 'POST', cookie, body });
const rowsOf = (userId: string) => t.db.select().from(feedback).where(eq(feedback.userId, userId));

describe('sending feedback', () => {
  it('stores an issue with its sections, images, page, version and browser, and lists it with its status', async () => {
    const founder = await t.signUp();
    const response = await send(
      founder.cookie,
      form({ type: 'issue', content: 'The chart is empty after import.', sections: ['metrics-dashboard', 'dashboard'], page: '/metrics', appVersion: '0.1.0' }, [
        { name: 'chart.png', bytes: TINY_PNG },
        { name: 'photo.jpg', bytes: JPEG, type: 'image/jpeg' },
      ]),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const created = await answerOf('POST /api/feedback', response);
    expect(created).toMatchObject({ type: 'issue', content: 'The chart is empty after import.', sections: ['metrics-dashboard', 'dashboard'], page: '/metrics', status: 'received' });
    expect(created.images.map((image) => [image.name, image.mediaType])).toEqual([
      ['chart.png', 'image/png'],
      ['photo.jpg', 'image/jpeg'],
    ]);
    const [row] = await rowsOf(founder.user.id);
    expect(row).toMatchObject({ appVersion: '0.1.0', userAgent: expect.stringContaining('RumboTest/1.0') });

    const list = await answerOf('GET /api/feedback', t.request('/api/feedback', { cookie: founder.cookie }));
    expect(list.feedback.map((item) => [item.id, item.status, item.images.length])).toEqual([[created.id, 'received', 2]]);

    // The image comes back through a short-lived signed link, byte for byte.
    const redirect = await t.request(`/api/feedback/${created.id}/images/${created.images[0]!.id}`, { cookie: founder.cookie });
    expect(redirect.status).toBe(302);
    const download = await t.request(redirect.headers.get('location')!, { cookie: founder.cookie });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(TINY_PNG);
  });

  it('takes an idea with no section and no image as JSON, sanitising its text', async () => {
    const founder = await t.signUp();
    const response = await t.request('/api/feedback', { method: 'POST', cookie: founder.cookie, json: { ...idea, content: '<b>More</b> charts please' } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ type: 'idea', content: 'More charts please', sections: [], images: [] });
  });

  it('answers 404 for another founder’s feedback and its images, and lists only one’s own', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const created = await answerOf('POST /api/feedback', send(owner.cookie, form(idea, [{ name: 'a.png', bytes: TINY_PNG }])));
    for (const path of [`/api/feedback/${created.id}`, `/api/feedback/${created.id}/images/${created.images[0]!.id}`, '/api/feedback/not-an-id']) {
      const response = await t.request(path, { cookie: other.cookie });
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code).toBe('NOT_FOUND');
    }
    expect((await (await t.request(`/api/feedback/${created.id}`, { cookie: owner.cookie })).json()).id).toBe(created.id);
    expect((await answerOf('GET /api/feedback', t.request('/api/feedback', { cookie: other.cookie }))).feedback).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.request('/api/feedback')).status).toBe(401);
    expect((await t.request('/api/feedback', { method: 'POST', json: idea })).status).toBe(401);
  });
});

describe('bad feedback is refused whole, with the reason beside each field or file', () => {
  const refusals: [string, Record<string, string | string[]>, Image[], { field: string; message: string; file?: string }[]][] = [
    ['a GIF renamed .png', idea, [{ name: 'cat.png', bytes: GIF }], [{ field: 'images', message: 'File type not allowed', file: 'cat.png' }]],
    ['a 6 MB image', idea, [{ name: 'big.png', bytes: pngOfSize(6 * MB) }], [{ field: 'images', message: 'File size must be less than 5MB', file: 'big.png' }]],
    [
      '6 images',
      idea,
      Array.from({ length: 6 }, (_, i) => ({ name: `shot-${i + 1}.png`, bytes: TINY_PNG })),
      [{ field: 'images', message: 'At most 5 images', file: 'shot-6.png' }],
    ],
    ['an image with a forbidden name', idea, [{ name: 'a<b>.png', bytes: TINY_PNG }], [{ field: 'images', message: 'File name contains invalid characters', file: 'a<b>.png' }]],
    ['an issue with no section', { ...idea, type: 'issue' }, [], [{ field: 'sections', message: 'Choose at least one affected section' }]],
    ['content of 10,001 characters', { ...idea, content: 'x'.repeat(10_001) }, [], [{ field: 'content', message: 'Text is too long (max 10000 characters)' }]],
    ['empty content', { ...idea, content: '   ' }, [], [{ field: 'content', message: 'Input cannot be empty' }]],
    ['an unknown type', { ...idea, type: 'praise' }, [], [{ field: 'type', message: 'Choose idea or issue' }]],
    ['an unknown section', { ...idea, sections: ['billing'] }, [], [{ field: 'sections.0', message: expect.any(String) }]],
    ['a page that is a URL elsewhere', { ...idea, page: 'https://evil.example/' }, [], [{ field: 'page', message: 'Invalid page' }]],
  ];

  it.each(refusals)('%s', async (_name, fields, images, details) => {
    const founder = await t.signUp();
    const response = await send(founder.cookie, form(fields, images));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual(details.map((detail) => expect.objectContaining(detail)));
    expect(await rowsOf(founder.user.id)).toEqual([]);
  });

  it('refuses a script in the content as a security violation, storing nothing', async () => {
    const founder = await t.signUp();
    const response = await send(founder.cookie, form({ ...idea, content: 'hi <script>alert(1)</script>' }, [{ name: 'a.png', bytes: TINY_PNG }]));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('SECURITY_VIOLATION');
    expect(await rowsOf(founder.user.id)).toEqual([]);
    expect(await t.db.select().from(feedbackImages).where(eq(feedbackImages.userId, founder.user.id))).toEqual([]);
  });

  it('refuses malformed bodies and a body far over the images’ room', async () => {
    const founder = await t.signUp();
    const malformed = await t.request('/api/feedback', { method: 'POST', cookie: founder.cookie, body: '{"type":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const huge = await send(founder.cookie, form(idea, [{ name: 'huge.png', bytes: pngOfSize(40 * MB) }]));
    expect(huge.status).toBe(413);
    expect(await rowsOf(founder.user.id)).toEqual([]);
  });
});

/** A PNG's signature followed by filler: a real PNG by its first bytes, `size` bytes long. */
function pngOfSize(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PNG.subarray(0, 8));
  return bytes;
}
