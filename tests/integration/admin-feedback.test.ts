import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../support/make-pdf.ts';
import { errorOf, signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The feedback inbox (decision 203): every founder's submissions with their images and the
 * admins' internal notes; the status an admin sets is what the founder sees on their own.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Item = {
  id: string;
  type: string;
  status: string;
  page: string;
  appVersion: string;
  founder: { id: string; email: string };
  images: { id: string; name: string }[];
  notes: { body: string; authorId: string; authorEmail: string }[];
};
type Inbox = { feedback: Item[]; total: number };

async function sendIssue(cookie: string, content: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ type: 'issue', content, sections: 'dashboard', page: '/metrics', appVersion: '0.2.0' })) body.append(name, value);
  body.append('images', new File([TINY_PNG as BlobPart], 'chart.png', { type: 'image/png' }));
  const response = await t.request('/api/feedback', { method: 'POST', cookie, body });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}
const inbox = async (cookie: string, query = '') => (await (await t.request(`/api/admin/feedback${query}`, { cookie })).json()) as Inbox;

describe('the feedback inbox', () => {
  it('lists every founder’s feedback with founder, page, version and images, which the admin can open', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    const sent = await sendIssue(founder.cookie, 'The chart is empty after import.');
    const item = (await inbox(boss.cookie)).feedback.find((entry) => entry.id === sent.id)!;
    expect(item).toMatchObject({ type: 'issue', status: 'received', page: '/metrics', appVersion: '0.2.0', founder: { id: founder.user.id, email: founder.email }, notes: [] });
    expect(item.images.map((image) => image.name)).toEqual(['chart.png']);

    const redirect = await t.request(`/api/admin/feedback/${sent.id}/images/${item.images[0]!.id}`, { cookie: boss.cookie });
    expect(redirect.status).toBe(302);
    const download = await t.request(redirect.headers.get('location')!, { cookie: boss.cookie });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(TINY_PNG);
    // The admin's link is no key for anyone else.
    expect((await t.request(redirect.headers.get('location')!, { cookie: founder.cookie })).status).toBe(404);
  });

  it('moves the status, which the founder sees on their own feedback; filters by status', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    const sent = await sendIssue(founder.cookie, 'Export fails on Safari.');
    const moved = await t.request(`/api/admin/feedback/${sent.id}/status`, { method: 'PUT', cookie: boss.cookie, json: { status: 'done' } });
    expect(await moved.json()).toEqual({ id: sent.id, status: 'done', changed: true });
    const own = await answerOf('GET /api/feedback/:id', t.request(`/api/feedback/${sent.id}`, { cookie: founder.cookie }));
    expect(own.status).toBe('done');
    expect((await inbox(boss.cookie, '?status=done')).feedback.map((entry) => entry.id)).toContain(sent.id);
    expect((await inbox(boss.cookie, '?status=received')).feedback.map((entry) => entry.id)).not.toContain(sent.id);

    const bad = await t.request(`/api/admin/feedback/${sent.id}/status`, { method: 'PUT', cookie: boss.cookie, json: { status: 'archived' } });
    expect(bad.status).toBe(400);
    expect((await t.request('/api/admin/feedback/not-an-id/status', { method: 'PUT', cookie: boss.cookie, json: { status: 'done' } })).status).toBe(404);
    expect((await t.request('/api/admin/feedback?status=archived', { cookie: boss.cookie })).status).toBe(400);
  });

  it('keeps internal notes with their author, never shown to the founder', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    const sent = await sendIssue(founder.cookie, 'Numbers look off.');
    const noted = await t.request(`/api/admin/feedback/${sent.id}/notes`, { method: 'POST', cookie: boss.cookie, json: { body: 'Reproduced on staging' } });
    expect(noted.status).toBe(201);
    const item = (await inbox(boss.cookie)).feedback.find((entry) => entry.id === sent.id)!;
    expect(item.notes).toEqual([expect.objectContaining({ body: 'Reproduced on staging', authorId: boss.user.id, authorEmail: boss.email })]);
    const own = await (await t.request(`/api/feedback/${sent.id}`, { cookie: founder.cookie })).text();
    expect(own).not.toContain('Reproduced on staging');
    expect((await t.request(`/api/admin/feedback/${sent.id}/notes`, { method: 'POST', cookie: boss.cookie, json: { body: '   ' } })).status).toBe(400);
  });

  it('is for admins only', async () => {
    const founder = await t.signUp();
    const sent = await sendIssue(founder.cookie, 'Mine.');
    const refused = await t.request(`/api/admin/feedback/${sent.id}/status`, { method: 'PUT', cookie: founder.cookie, json: { status: 'done' } });
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
    expect((await t.request('/api/admin/feedback', { cookie: founder.cookie })).status).toBe(403);
  });
});
