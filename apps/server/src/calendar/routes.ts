import { todayIn } from '@daywise/shared';
import { calendarApi } from '@daywise/shared/api';
import type { FastifyReply } from 'fastify';

import { createKeyedLimit, createMissLimit, refuseWhenBlocked } from '../auth/limits';
import { filterContext, filterWhere, parsedFilter } from '../filters/compile';
import { ownSavedFilter } from '../filters/saved-filters';
import type { AppInstance } from '../lib/app-instance';
import { route } from '../lib/route';
import { userTimezone } from '../settings/settings';
import { feedItems } from './calendar';
import { feedKey } from './feed-token';
import { disableFeed, readFeed, readFilterFeed, requireFeedToken, rotateFeed } from './feeds';
import { buildFeed } from './ics';

/** Fetches of one feed (ours): calendar apps poll every few minutes at most, on a few devices. */
export const FEED_RATE_LIMIT = { max: 60, windowMs: 60 * 60_000 } as const;
/** Wrong addresses from one client address before it is refused for a while (ours). */
export const FEED_MISS_LIMIT = { max: 20, windowMs: 15 * 60_000 } as const;

/**
 * The calendar feed (issue 16): its settings under /api/calendar-feed (cookie-only), and the feed
 * at its secret address, which calendar apps fetch without a cookie.
 */
export function calendarRoutes(app: AppInstance, serverSecret: string): void {
  const address = { appUrl: app.config.appUrl, key: feedKey(serverSecret) };
  const host = new URL(app.config.appUrl).host;
  const fetches = createKeyedLimit(app, 'calendar-feed', FEED_RATE_LIMIT);
  // Counted on wrong addresses only, per client address, and refusing only those: guessing is
  // slowed, nobody can use up a user's own allowance with wrong ones, and a right address is
  // served to a client that shares its address with a guesser (ADR 0022).
  const guardMisses = createMissLimit(app, 'calendar-feed-miss', FEED_MISS_LIMIT, ['NOT_FOUND']);

  route(app, calendarApi.get, ({ db, user }) => readFeed(db, user.id, address));

  route(app, calendarApi.rotate, ({ db, user, now }) => rotateFeed(db, user.id, address, now));

  route(app, calendarApi.disable, ({ db, user, now }) => disableFeed(db, user.id, now));

  const sendFeed = (reply: FastifyReply, feed: string) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', 'inline; filename="daywise.ics"')
      .send(feed);

  route(app, calendarApi.feed, async ({ db, params, request, reply, now }) => {
    await guardMisses(request, reply, () =>
      requireFeedToken(db, address.key, params.userId, params.token),
    );
    refuseWhenBlocked(await fetches.hit(request, params.userId), reply);
    const timezone = await userTimezone(db, params.userId);
    const items = await feedItems(db, params.userId, todayIn(timezone, now), timezone);
    return sendFeed(reply, buildFeed({ host, now, ...items }));
  });

  route(app, calendarApi.filterGet, ({ db, user, params }) =>
    readFilterFeed(db, user.id, params.id, address),
  );

  // A saved filter's feed (ADR 0028): its own secret, the same limits as the whole feed's, and
  // the filter read again on every fetch, so a changed query shows and a deleted filter is 404.
  route(app, calendarApi.filterFeed, async ({ db, params, request, reply, now }) => {
    const { userId, filterId, token } = params;
    const filter = await guardMisses(request, reply, async () => {
      await requireFeedToken(db, address.key, userId, token, filterId);
      return ownSavedFilter(db, userId, filterId);
    });
    refuseWhenBlocked(await fetches.hit(request, userId), reply);
    const timezone = await userTimezone(db, userId);
    const today = todayIn(timezone, now);
    const parsed = parsedFilter(filter.query, 'query');
    const context = await filterContext(db, userId, [parsed], today);
    const items = await feedItems(db, userId, today, timezone, filterWhere(parsed, context));
    return sendFeed(reply, buildFeed({ host, now, name: `Daywise: ${filter.name}`, ...items }));
  });
}
