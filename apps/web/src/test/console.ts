/**
 * console.error during a test fails it, unless the test said it expects that report: React
 * reporting a caught render error, say. State lives on globalThis so setup.ts and the tests share
 * it whichever module instance they load.
 */
interface ConsoleWatch {
  expected: { pattern: RegExp; seen: boolean }[];
  unexpected: string[];
}

const watch = ((globalThis as { __consoleWatch?: ConsoleWatch }).__consoleWatch ??= {
  expected: [],
  unexpected: [],
});

const originalError = console.error.bind(console);

function describe(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
}

/** Declares that this test expects console.error with a message matching `pattern`. */
export function expectConsoleError(pattern: RegExp | string): void {
  watch.expected.push({
    pattern:
      typeof pattern === 'string'
        ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        : pattern,
    seen: false,
  });
}

/** Starts watching console.error for one test. */
export function watchConsoleErrors(): void {
  watch.expected = [];
  watch.unexpected = [];
  console.error = (...args: unknown[]) => {
    const text = describe(args);
    const expected = watch.expected.find((entry) => entry.pattern.test(text));
    if (expected) {
      expected.seen = true;
      return;
    }
    watch.unexpected.push(text);
    originalError(...args);
  };
}

/** Stops watching, and fails on a report nobody expected or an expected one that never came. */
export function checkConsoleErrors(): void {
  console.error = originalError;
  const unexpected = watch.unexpected.splice(0);
  const missing = watch.expected.filter((entry) => !entry.seen).map((entry) => entry.pattern);
  watch.expected = [];
  if (unexpected.length > 0) {
    throw new Error(`console.error was called:\n${unexpected.join('\n')}`);
  }
  if (missing.length > 0) {
    throw new Error(`expected console.error matching ${missing.join(', ')}, but none came`);
  }
}
