import { sectionsApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import type { DomainEvent } from '../lib/events';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { createSection, deleteSection, listSections, updateSection } from './sections';

/** /api/sections: every query scoped to the session's user (ADR 0027). */
export function sectionRoutes(app: AppInstance): void {
  route(app, sectionsApi.list, ({ db, user }) => listSections(db, user.id));

  route(app, sectionsApi.create, async (context) => {
    const { user, body, now } = context;
    return idempotentCreate(context, async (trx) => ({
      result: await createSection(trx, user.id, body, now),
      events: [{ type: 'sections.changed', userId: user.id }],
    }));
  });

  route(app, sectionsApi.update, ({ db, user, params, body, now, events }) =>
    events.after(
      db.transaction().execute((trx) => updateSection(trx, user.id, params.id, body, now)),
      () => [{ type: 'sections.changed', userId: user.id }],
    ),
  );

  // The section's todos stay in its list, in no section: the todo lists re-read too.
  route(app, sectionsApi.remove, async ({ db, user, params, events }) => {
    await events.after(
      db.transaction().execute((trx) => deleteSection(trx, user.id, params.id)),
      (held): DomainEvent[] => [
        { type: 'sections.changed', userId: user.id },
        ...(held ? [{ type: 'todos.changed', userId: user.id } as const] : []),
      ],
    );
  });
}
