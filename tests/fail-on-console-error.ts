import { afterEach, beforeEach, vi } from "vitest";

/**
 * A test that makes something print to console.error fails (Epic Stack's convention): a React
 * warning, an unhandled API error or a swallowed exception is a bug the test would otherwise
 * hide. A test that expects an error spies on console.error itself (vi.spyOn(...)), which
 * replaces this spy for its duration.
 */
let unexpected: unknown[][] = [];
beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  const calls = unexpected;
  unexpected = [];
  if (calls.length)
    throw new Error(
      `console.error was called ${calls.length} time(s):\n${calls.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
});
