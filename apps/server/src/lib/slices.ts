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
 * A job that resumes does the step it paused before (its caller goes on at once), so it moves on
 * even when the jobs that resumed before it have spent the slice; its next call waits again.
 * (Until 2026-11-28 a resumed job skipped its next check too, and so did two steps a turn.)
 */
export function slicer(budgetMs = SLICE_MS): () => Promise<void> | undefined {
  return () => (performance.now() - sliceStart < budgetMs ? undefined : nextSlice());
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

/**
 * How long a batch of heavy work that cannot pause (a transaction on SQLite, which holds the one
 * connection every other request's query waits for) should take: about two slices.
 */
export const PACED_BATCH_MS = 2 * SLICE_MS;

/** How many items the next batch of work that cannot pause may take, learnt from the last ones. */
export interface Pacer {
  /** How many items the next batch may take. */
  size: () => number;
  /** Records that a batch of `items` took `ms`. */
  took: (items: number, ms: number) => void;
}

/** A pacer that always answers `size` (PostgreSQL's import batches, tests). */
export const fixedPacer = (size: number): Pacer => ({ size: () => size, took: () => undefined });

/**
 * Sizes batches of work that cannot pause by how long the last ones took (ADR 0022): what an item
 * costs depends on the machine and on the item (a title's search keys, years of a habit's
 * records), so a fixed count either holds the event loop for many slices or writes one item per
 * transaction where fifty would fit. The first batch is one item; each next one is as many as
 * fit in PACED_BATCH_MS at the cost seen so far, between one and `max`.
 */
export function batchPacer(max: number, targetMs = PACED_BATCH_MS): Pacer {
  let perItemMs: number | undefined;
  return {
    size: (): number =>
      perItemMs === undefined
        ? 1
        : Math.max(1, Math.min(max, Math.floor(targetMs / Math.max(perItemMs, 0.01)))),
    took: (items: number, ms: number): void => {
      const seen = ms / Math.max(items, 1);
      // Weighted towards the latest, so a run of heavier items shrinks the batches quickly.
      perItemMs = perItemMs === undefined ? seen : perItemMs / 2 + seen / 2;
    },
  };
}
