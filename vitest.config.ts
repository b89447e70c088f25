import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
    environment: "node",
    // Fails a test that prints to console.error (tests/fail-on-console-error.ts).
    setupFiles: ["tests/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file gets its own database; two cores, so two files at a time.
    maxWorkers: 2,
  },
});
