/** The values in runs of at most `size`, in order. */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += size) {
    result.push(values.slice(start, start + size));
  }
  return result;
}

/**
 * Runs `each` on the values 500 at a time, one run after another: for a statement with an `in`
 * list of ids, which both engines cap in parameters.
 */
export async function inChunks<T>(
  values: readonly T[],
  each: (part: T[]) => Promise<unknown>,
): Promise<void> {
  for (const part of chunks(values, 500)) {
    await each(part);
  }
}
