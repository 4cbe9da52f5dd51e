import type { Context } from 'hono';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { HTML_LANG, isLanguage, type Language } from '../../../core/i18n/language.ts';
import { users } from '../../db/schema/index.ts';
import type { AppBindings } from '../../http/context.ts';
import { generalRateLimit } from '../../http/rate-limit.ts';
import { signingSecret } from '../../storage/storage-for.ts';
import { verifyUnsubscribeToken } from './unsubscribe-link.ts';
import { documented } from '../../http/route-doc.ts';

/**
 * The weekly e-mails' unsubscribe link (docs/weekly-rhythm.md#unsubscribing). A GET only
 * asks (mail scanners open links, and must not unsubscribe anyone); the POST, from that page's
 * button or from the mail client's one-click (RFC 8058), turns the reminders off. The signed
 * token is the credential: no session, no same-origin check. A forged or altered token
 * changes nothing and says so.
 */
const PAGE_COPY: Record<Language, { title: string; ask: string; button: string; done: string; invalid: string; settings: string }> = {
  en: {
    title: 'Weekly e-mails',
    ask: 'Stop the Monday metrics reminder and the Friday reflection?',
    button: 'Unsubscribe',
    done: 'Done: you will not get weekly e-mails anymore. You can turn them back on in your profile.',
    invalid: 'This unsubscribe link is not valid. Open the one in your latest e-mail, or turn the reminders off in your profile.',
    settings: 'Open my profile',
  },
  'es-LA': {
    title: 'Correos semanales',
    ask: '¿Dejar de recibir el recordatorio de métricas del lunes y la reflexión del viernes?',
    button: 'Cancelar la suscripción',
    done: 'Listo: ya no recibirás correos semanales. Puedes volver a activarlos en tu perfil.',
    invalid: 'Este enlace para cancelar la suscripción no es válido. Abre el de tu correo más reciente o desactiva los recordatorios en tu perfil.',
    settings: 'Abrir mi perfil',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(c: Context<AppBindings>, language: Language, body: string, status: 200 | 400) {
  const copy = PAGE_COPY[language];
  return c.html(
    `<!doctype html><html lang="${HTML_LANG[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(copy.title)} · Rumbo</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111827;background:#fff;line-height:1.5"><main><h1 style="font-size:1.4rem">${escapeHtml(copy.title)}</h1>${body}` +
      `<p><a href="/profile#reminders-title" style="color:#0f766e">${escapeHtml(copy.settings)}</a></p></main></body></html>`,
    status,
  );
}

async function founderOf(c: Context<AppBindings>) {
  const deps = c.get('deps');
  const userId = verifyUnsubscribeToken(signingSecret(deps), c.req.query('token') ?? '');
  if (!userId) return null;
  const [row] = await deps.db.select({ id: users.id, language: users.preferredLanguage }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? { id: row.id, language: isLanguage(row.language) ? row.language : 'en' } : null;
}

export const weeklyEmailRoutes = new Hono<AppBindings>()
  .use(generalRateLimit)
  .get(
    '/unsubscribe',
    documented({ summary: 'The weekly e-mails’ unsubscribe link (?token= signed): a page that asks, changing nothing (400 for a forged token)', tag: 'profile', public: true }),
    async (c) => {
      const founder = await founderOf(c);
      if (!founder) return page(c, 'en', `<p role="alert">${escapeHtml(PAGE_COPY.en.invalid)}</p>`, 400);
      const copy = PAGE_COPY[founder.language];
      const action = `/api/reminders/unsubscribe?token=${encodeURIComponent(c.req.query('token') ?? '')}`;
      return page(
        c,
        founder.language,
        `<p>${escapeHtml(copy.ask)}</p><form method="post" action="${escapeHtml(action)}"><button type="submit" style="font:inherit;padding:.6rem 1rem;border-radius:.4rem;border:0;background:#0f766e;color:#fff">${escapeHtml(copy.button)}</button></form>`,
        200,
      );
    },
  )
  .post(
    '/unsubscribe',
    documented({
      summary:
        'One-click unsubscribe (?token= signed; RFC 8058 List-Unsubscribe-Post, or the page’s button): turns the weekly reminders off; a forged or altered token changes nothing (400)',
      tag: 'profile',
      public: true,
    }),
    async (c) => {
      const founder = await founderOf(c);
      if (!founder) return page(c, 'en', `<p role="alert">${escapeHtml(PAGE_COPY.en.invalid)}</p>`, 400);
      const deps = c.get('deps');
      await deps.db.update(users).set({ emailRemindersEnabled: false, updatedAt: new Date() }).where(eq(users.id, founder.id));
      // The profile behind GET /api/me is cached on every instance.
      await deps.bus.publish({ type: 'user-invalidated', userId: founder.id });
      return page(c, founder.language, `<p role="status">${escapeHtml(PAGE_COPY[founder.language].done)}</p>`, 200);
    },
  );
