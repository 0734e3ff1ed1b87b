import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long heavy work may hold the event loop in one turn before it lets other requests run
 * (ADR 0022). The budget is the process's, not each job's: six reports at once share one slice
 * per turn, so a request that arrives meanwhile waits for about one slice, however many run.
 */
export const SLICE_MS = 8;

/** When the current turn's slice began; every slicer reads and restarts the same clock. */
let sliceStart = performance.now();
/** A restart of the clock is queued for the next turn, ahead of the work waiting for it. */
let restartQueued = false;

/**
 * Work that runs on the request thread in bounded slices: call the returned function often (once
 * per row, say); it returns at once while the turn's slice has time left, and otherwise waits for
 * the next turn of the event loop, where timers, sockets and other requests run first. Work that
 * only awaits a synchronous database (better-sqlite3) or a resolved promise never reaches the
 * event loop without it: microtasks run before any I/O.
 *
 * Each job, once it resumes, does at least one step before it may wait again, so a job that
 * resumes after the others have spent the slice still moves on.
 */
export function slicer(budgetMs = SLICE_MS): () => Promise<void> | undefined {
  let resumed = false;
  return () => {
    if (resumed || performance.now() - sliceStart < budgetMs) {
      resumed = false;
      return undefined;
    }
    return nextSlice().then(() => {
      resumed = true;
    });
  };
}

/**
 * Waits for a turn whose slice no heavy work has spent yet, for a step that cannot be cut and
 * takes longer than a slice (a PDF document's start, which reads and parses its fonts): such
 * steps then run one a turn, however many requests ask for them at once.
 */
export async function wholeSlice(): Promise<void> {
  do {
    await nextSlice();
  } while (performance.now() - sliceStart >= SLICE_MS);
}

/** The next turn of the event loop, with the slice's clock restarted at its beginning. */
function nextSlice(): Promise<void> {
  if (!restartQueued) {
    restartQueued = true;
    setImmediate(() => {
      restartQueued = false;
      sliceStart = performance.now();
    });
  }
  return nextTurn();
}
