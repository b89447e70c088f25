import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    environment: "node",
    // Fails a test that prints to console.error (tests/fail-on-console-error.ts).
    setupFiles: ["tests/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file gets its own database; two cores, so two files at a time.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          // The migrated, seeded database each API test file copies (built once per run).
          globalSetup: ["tests/api/seeded-template.ts"],
          // The API's modules are imported once per worker, not once per file: importing them took
          // more time than the tests (200 of 470 s). Each file still has its own API instance over
          // its own database (tests/api/harness.ts), and mocks none of those modules.
          isolate: false,
        },
      },
    ],
  },
});
