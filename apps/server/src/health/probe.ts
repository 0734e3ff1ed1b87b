/** A check that gets no answer within this is reported unreachable (ADR 0015). */
export const HEALTH_CHECK_TIMEOUT_MS = 1000;

/** Resolves 'ok' when `check` succeeds within the timeout, 'unreachable' otherwise. */
export async function probe(
  check: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): Promise<'ok' | 'unreachable'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`)),
      HEALTH_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    onFailure(error);
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
