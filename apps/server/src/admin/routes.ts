import type { Endpoint } from '@daywise/shared/api';
import { adminApi, registrationApi } from '@daywise/shared/api';

import { accountForms } from '../auth/account-forms';
import { isAdmin } from '../auth/admins';
import { requestPasswordReset } from '../auth/password-reset';
import { readSession } from '../auth/session';
import type { AppInstance } from '../lib/app-instance';
import type { SessionUser } from '../lib/caller';
import { ApiError } from '../lib/errors';
import { type Handler, type RequestContext, route } from '../lib/route';
import { disableAccount, enableAccount, liveAccount } from './accounts';
import { auditPage, recordAction } from './audit';
import { invite, listInvitations } from './invitations';
import { instanceStatus } from './status';
import { adminUser, listUsers } from './users';

/**
 * The admin signed in on this request, read from the session cookie; anyone else (signed out, a
 * user who is no admin, a disabled admin) gets 404 NOT_FOUND, as for a path that does not exist,
 * so nobody learns there is an admin page (ADR 0039).
 */
async function requireAdmin(app: AppInstance, context: RequestContext<Endpoint>) {
  const session = await readSession(app, context.request);
  if (!session || !(await isAdmin(context.db, app.config, session.user))) {
    throw new ApiError('NOT_FOUND');
  }
  const { id, name, email } = session.user;
  return { id, name, email };
}

type AdminHandler<E extends Endpoint> = (
  context: RequestContext<E>,
  admin: SessionUser,
) => ReturnType<Handler<E>>;

/** A route of /api/admin: its handler runs only for an admin (the one place that checks). */
function adminRoute<E extends Endpoint>(app: AppInstance, endpoint: E, handler: AdminHandler<E>) {
  route(app, endpoint, async (context) => {
    const admin = await requireAdmin(app, context);
    return handler(context, admin);
  });
}

/** /api/admin (issue 35, ADR 0039), and the sign-up page's GET /api/registration. */
export function adminRoutes(app: AppInstance): void {
  const forms = accountForms(app);

  route(app, registrationApi.read, () => ({ registration: app.config.registration }));

  adminRoute(app, adminApi.users, ({ db, query }) => listUsers(db, app.config, query.page));

  adminRoute(app, adminApi.invitations, async ({ db }) => ({
    invitations: await listInvitations(db),
  }));

  adminRoute(app, adminApi.invite, async (context, admin) => {
    const invitation = await invite(forms.services(context), admin.id, context.body.email);
    await recordAction(context.db, admin, 'invite', invitation.email, context.now);
    return invitation;
  });

  adminRoute(app, adminApi.disable, async ({ db, events, params, now }, admin) => {
    const account = await disableAccount(db, events, admin, params.id, now);
    await recordAction(db, admin, 'disable', account.email, now);
    return adminUser(db, app.config, account.id);
  });

  adminRoute(app, adminApi.enable, async ({ db, params, now }, admin) => {
    const account = await enableAccount(db, params.id);
    await recordAction(db, admin, 'enable', account.email, now);
    return adminUser(db, app.config, account.id);
  });

  adminRoute(app, adminApi.passwordReset, async (context, admin) => {
    const account = await liveAccount(context.db, context.params.id);
    await requestPasswordReset(forms.services(context), account.email);
    await recordAction(context.db, admin, 'password-reset', account.email, context.now);
    return { message: `A password reset link was sent to ${account.email}.` };
  });

  adminRoute(app, adminApi.status, ({ request }) => instanceStatus(app, request.log));

  adminRoute(app, adminApi.audit, ({ db, query }) => auditPage(db, query.page));
}
