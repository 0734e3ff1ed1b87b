import { IMPORT_MAX_BYTES, IMPORT_RATE_LIMIT, MESSAGES } from '@daywise/shared';
import { importsApi } from '@daywise/shared/api';
import type { FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { bearerToken } from '../lib/bearer';
import { ApiError } from '../lib/errors';
import { perUserLimit } from '../lib/rate-limit';
import { route } from '../lib/route';
import { createImport, readImport, runImport } from './imports';
import { parseImport } from './parse';
import { previewImport } from './preview';
import { invalidFile, withoutNul } from './read';
import type { ImportCaller } from './restore';
import { warmUpDates } from './todoist';

/** An import upload is one file part and nothing else, at most IMPORT_MAX_BYTES (ADR 0014). */
export const IMPORT_UPLOAD_LIMITS = {
  fileSize: IMPORT_MAX_BYTES,
  files: 1,
  parts: 1,
  fields: 0,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

/** A request with a bearer token was authenticated by it alone (lib/route.ts). */
function callerOf(request: FastifyRequest): ImportCaller {
  return bearerToken(request) === undefined ? 'session' : 'token';
}

/** The uploaded file's bytes and name; anything malformed, oversized or extra is a 4xx. */
async function readImportUpload(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) {
    throw invalidFile(MESSAGES.importFileEmpty);
  }
  let upload: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts({ limits: IMPORT_UPLOAD_LIMITS })) {
      if (part.type !== 'file' || upload) {
        throw invalidFile(MESSAGES.importUnknownFormat);
      }
      // The fileSize limit stops reading at 10 MB (413); nothing larger is ever buffered.
      upload = { bytes: await part.toBuffer(), name: withoutNul(part.filename).slice(0, 255) };
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw error;
    }
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(
        'IMPORT_FILE_TOO_LARGE',
        undefined,
        { file: MESSAGES.importFileTooLarge },
        error,
      );
    }
    throw invalidFile(MESSAGES.importUnknownFormat, error);
  }
  if (!upload) {
    throw invalidFile(MESSAGES.importFileEmpty);
  }
  return upload;
}

/** /api/imports: preview a file, import it in the background, follow its progress. */
export function importRoutes(app: AppInstance): void {
  const limitUploads = perUserLimit(app, 'import-upload', IMPORT_RATE_LIMIT);
  // Imports still writing: closing the app waits for them.
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });
  // chrono-node builds its patterns on first use, a few hundred milliseconds: at start, not in
  // the first import a request waits on (ADR 0022).
  app.addHook('onReady', (done) => {
    warmUpDates();
    done();
  });

  route(app, importsApi.preview, async ({ db, user, now, request, timezone }) => {
    await limitUploads(request, user.id);
    const { bytes, name } = await readImportUpload(request);
    const parsed = await parseImport(bytes, name, { timeZone: await timezone(), now });
    return previewImport(db, user.id, parsed, name, callerOf(request));
  });

  route(app, importsApi.start, async ({ db, user, now, request, timezone, events }) => {
    await limitUploads(request, user.id);
    const { bytes, name } = await readImportUpload(request);
    const timeZone = await timezone();
    const parsed = await parseImport(bytes, name, { timeZone, now });
    const started = await createImport(db, user.id, parsed, name, now);
    const work = runImport({
      db,
      events,
      userId: user.id,
      importId: started.id,
      parsed,
      caller: callerOf(request),
      timeZone,
      clock: () => app.now(),
      onSettingsRestored: () => app.sessionCache.forgetTimezone(user.id),
    })
      .catch((error: unknown) => {
        app.log.error({ err: error, importId: started.id }, 'import failed');
      })
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
    return started;
  });

  route(app, importsApi.get, ({ db, user, params, now }) =>
    readImport(db, user.id, params.id, now),
  );
}
