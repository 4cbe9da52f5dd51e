import { Hono } from 'hono';
import { AdminUsersQuery } from '../../../core/admin/admin-users.ts';
import { RoleInput, StatusInput } from '../../../core/account/account-status.ts';
import { AppError } from '../../platform/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { recordAuditEvent, requestContext } from '../../platform/audit.ts';
import { assignRole } from '../../platform/roles.ts';
import { userExists } from './service.ts';
import { userDetail } from './user-detail.ts';
import { changeAccountStatus, listUsers, resendConfirmation } from './users.ts';
import { subscriptionForAdmin } from '../subscription/index.ts';
import { documented, jsonBody, optionalJsonBody, queryOf } from '../../http/route-doc.ts';
import { AdminDeleteUserInput, SignInLinkInput } from '../../../core/admin/admin-operations.ts';
import { deleteUserAsAdmin } from './delete-user.ts';
import { makeSignInLink, type SignInLinkMade } from './sign-in-links.ts';

/** PUT /api/admin/users/:userId/role: `changed` false when the founder had that role already. */
export type RoleChanged = { userId: string; role: RoleInput['role']; changed: boolean };
/** PUT /api/admin/users/:userId/status: `changed` false when the account was in that status already. */
export type StatusChanged = { userId: string; status: StatusInput['status']; changed: boolean };
/** POST /api/admin/users/:userId/resend-confirmation: the e-mail went out (a refusal is an error). */
export type ConfirmationResent = { userId: string; sent: true };

/** /api/admin/users: find founders, read one, change their role or status (mounted behind the admin check). */
export const adminUserRoutes = new Hono<AppBindings>()
  .get(
    '/',
    documented({
      summary:
        'Admin: a page of accounts with role, status, tier, onboarding and last activity (?search e-mail or name, ?tier, ?role, ?status, ?onboarded, ?signedUpFrom/To, ?activeWithinDays, ?inactiveForDays, ?sort, ?order, ?page, ?limit ≤ 100) → { users, total, page, limit }',
      tag: 'admin',
    }),
    queryOf(AdminUsersQuery),
    async (c) => c.json(await listUsers(c.get('deps').db, c.req.valid('query'))),
  )
  .get('/:userId', documented({ summary: 'Admin: one account: profile, counts of use (no content), last sign-ins, the audit trail about it', tag: 'admin' }), async (c) =>
    c.json(await userDetail(c.get('deps').db, c.req.param('userId'))),
  )
  .get(
    '/:userId/subscription',
    documented({ summary: 'Admin, read only: a founder’s subscription as they see it and its whole event history (who, what, when, from where)', tag: 'admin' }),
    async (c) => {
      const { db, billing } = c.get('deps');
      return c.json(await subscriptionForAdmin(db, c.req.param('userId'), { trialDays: c.get('deps').settings.current().trialDays, provider: billing.kind }));
    },
  )
  .put('/:userId/role', documented({ summary: 'Admin: assign a role (audited, 5 per hour)', tag: 'admin' }), rateLimit('adminRoleAssignment'), jsonBody(RoleInput), async (c) => {
    const { db, bus } = c.get('deps');
    const { role } = c.req.valid('json');
    const userId = c.req.param('userId');
    const admin = c.get('user');
    // An admin cannot demote themself by accident and lock everyone out.
    if (userId === admin.id) throw new AppError('FORBIDDEN', { message: 'You cannot change your own role.' });
    if (!(await userExists(db, userId))) throw new AppError('NOT_FOUND');
    const changed = await assignRole(db, bus, {
      userId,
      role,
      assignedBy: admin.id,
      via: 'admin',
      context: requestContext(c.req.raw, clientAddress(c)),
    });
    return c.json({ userId, role, changed } satisfies RoleChanged);
  })
  .put(
    '/:userId/status',
    documented({ summary: 'Admin: suspend or reactivate a founder ({ status: "suspended" | "active" }; audited, 10 per hour; suspension ends every session)', tag: 'admin' }),
    rateLimit('adminStatusChange'),
    jsonBody(StatusInput),
    async (c) => {
      const { db, bus } = c.get('deps');
      const { status } = c.req.valid('json');
      const userId = c.req.param('userId');
      const changed = await changeAccountStatus(db, bus, {
        adminId: c.get('user').id,
        userId,
        status,
        context: requestContext(c.req.raw, clientAddress(c)),
      });
      return c.json({ userId, status, changed } satisfies StatusChanged);
    },
  )
  // Shares the status changes' allowance (decision 200): both are one admin acting on one account.
  .post(
    '/:userId/resend-confirmation',
    documented({ summary: 'Admin: send the sign-up confirmation e-mail again (unconfirmed, active accounts; audited; 10 per hour)', tag: 'admin' }),
    rateLimit('adminStatusChange'),
    async (c) => {
      const deps = c.get('deps');
      const userId = c.req.param('userId');
      await resendConfirmation(deps, userId);
      await recordAuditEvent(deps.db, {
        action: 'confirmation_resent',
        adminId: c.get('user').id,
        targetUserId: userId,
        context: requestContext(c.req.raw, clientAddress(c)),
      });
      return c.json({ userId, sent: true } satisfies ConfirmationResent);
    },
  )
  .delete(
    '/:userId',
    documented({
      summary:
        'Admin: delete an account and everything of it, rows and files (optional { email } typed to confirm, { reason }); every session ends at once; audited (the audit row stays). 204; unknown 404; oneself or the last admin 409',
      tag: 'admin',
    }),
    rateLimit('adminStatusChange'),
    optionalJsonBody(AdminDeleteUserInput),
    async (c) => {
      const input = c.req.valid('json');
      await deleteUserAsAdmin(c.get('deps'), {
        adminId: c.get('user').id,
        userId: c.req.param('userId'),
        typedEmail: input.email,
        reason: input.reason,
        context: requestContext(c.req.raw, clientAddress(c)),
      });
      return c.body(null, 204);
    },
  )
  .post(
    '/:userId/sign-in-link',
    documented({
      summary: 'Admin: a one-time sign-in link for a founder, valid 15 minutes ({ sendEmail?: true } also e-mails it to them) → 201 { url, expiresAt }; audited',
      tag: 'admin',
    }),
    rateLimit('adminStatusChange'),
    optionalJsonBody(SignInLinkInput),
    async (c) => {
      const { sendEmail } = c.req.valid('json');
      const made = await makeSignInLink(c.get('deps'), { adminId: c.get('user').id, userId: c.req.param('userId'), sendEmail, context: requestContext(c.req.raw, clientAddress(c)) });
      return c.json(made satisfies SignInLinkMade, 201);
    },
  );
