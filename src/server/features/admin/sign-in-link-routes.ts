import { Hono } from 'hono';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { documented } from '../../http/route-doc.ts';
import { requestContext } from '../../platform/audit.ts';
import { openSignInLink } from './sign-in-links.ts';

/** /api/sign-in-links/:token: an admin's one-time sign-in link, opened by the founder (decision 271). */
export const signInLinkRoutes = new Hono<AppBindings>().get(
  '/:token',
  documented({
    summary: 'Open an admin’s one-time sign-in link: signs the founder in and redirects to /overview; a used or expired link redirects to the sign-in error page, changing nothing',
    tag: 'auth',
    public: true,
  }),
  (c) => openSignInLink(c, c.req.param('token'), requestContext(c.req.raw, clientAddress(c))),
);
