import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

import { addDays, EXPORT_ITEMS_HEADER, REPORT_DEFAULT_DAYS } from '@daywise/shared';
import { exportsApi } from '@daywise/shared/api';
import { EXPORT_RATE_LIMIT } from '@daywise/shared/schemas';
import type { FastifyReply } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { perUserLimit } from '../lib/rate-limit';
import { route } from '../lib/route';
import { archiveChunks } from './archive';
import { planTasksCsv, todosCsv } from './csv';
import { countRows } from './data';
import { reportPdf, warmUpReports } from './report';

interface Download {
  body: Readable;
  contentType: string;
  filename: string;
  /** How many items the file will hold, when known beforehand. */
  items?: number;
}

/**
 * Sends a download as it is made: an attachment with a dated name, never cached. The handler
 * waits until the reply has ended (or the client went away), so the route sees it sent. A failure
 * after the first bytes cuts the reply short, which the page reports as a failed download.
 */
async function sendDownload(reply: FastifyReply, download: Download): Promise<FastifyReply> {
  reply
    .header('Content-Type', download.contentType)
    .header('Content-Disposition', `attachment; filename="${download.filename}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (download.items !== undefined) {
    reply.header(EXPORT_ITEMS_HEADER, String(download.items));
  }
  reply.send(download.body);
  await finished(reply.raw).catch(() => undefined);
  return reply;
}

/** The user's data as downloads (docs/data-archive.md): JSON archive, CSV files, PDF report. */
export function exportRoutes(app: AppInstance): void {
  const limit = perUserLimit(app, 'export', EXPORT_RATE_LIMIT);
  app.addHook('onReady', (done) => {
    warmUpReports();
    done();
  });

  route(app, exportsApi.archive, async ({ db, user, now, today, request, reply }) => {
    await limit(request, user.id);
    const counts = await countRows(db, user.id);
    return sendDownload(reply, {
      body: Readable.from(archiveChunks(db, user.id, now)),
      contentType: 'application/json; charset=utf-8',
      filename: `daywise-archive-${await today()}.json`,
      items:
        counts.tags +
        counts.lists +
        counts.savedFilters +
        counts.sections +
        counts.todos +
        counts.plans +
        counts.completions +
        counts.sharedPlans +
        counts.chats +
        counts.messages +
        counts.daysOff +
        counts.focusSessions,
    });
  });

  route(app, exportsApi.todos, async ({ db, user, today, request, reply }) => {
    await limit(request, user.id);
    const counts = await countRows(db, user.id);
    return sendDownload(reply, {
      body: todosCsv(db, user.id),
      contentType: 'text/csv; charset=utf-8; header=present',
      filename: `daywise-todos-${await today()}.csv`,
      items: counts.todos,
    });
  });

  route(app, exportsApi.planTasks, async ({ db, user, today, request, reply }) => {
    await limit(request, user.id);
    const counts = await countRows(db, user.id);
    return sendDownload(reply, {
      body: planTasksCsv(db, user.id),
      contentType: 'text/csv; charset=utf-8; header=present',
      filename: `daywise-plan-tasks-${await today()}.csv`,
      items: counts.tasks,
    });
  });

  route(
    app,
    exportsApi.report,
    async ({ db, user, query, now, today, timezone, request, reply }) => {
      await limit(request, user.id);
      const day = await today();
      const to = query.to ?? day;
      const from = query.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
      return sendDownload(reply, {
        body: reportPdf(db, user.id, {
          name: user.name,
          from,
          to,
          today: day,
          now,
          zone: await timezone(),
        }),
        contentType: 'application/pdf',
        filename: `daywise-report-${from}-to-${to}.pdf`,
      });
    },
  );
}
