import { describe, expect, it } from "vitest";
import { jobEvents } from "~/lms/import-socket.server";
import type { Lms } from "~/lms/api.server";
import type { ImportHistoryItem } from "../../contract/imports";

/**
 * The import page's event stream (app/lms/import-socket.server.ts): a browser that leaves before
 * the stream ends must not make remix-utils close a cancelled stream, which threw outside any
 * handler and ended the dashboard's server (seen in CI as "socket hang up" on the next test).
 */
describe("an import job's event stream", () => {
  it("survives the browser leaving before the request's signal aborts", async () => {
    const uncaught: unknown[] = [];
    const onError = (e: unknown) => uncaught.push(e);
    process.on("uncaughtException", onError);
    try {
      const request = new AbortController();
      const res = jobEvents({ setCookies: [] } as unknown as Lms, request.signal, {
        id: 1,
        module: "user",
        status: 3,
      } as unknown as ImportHistoryItem);
      const reader = res.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: job");
      await reader.cancel();
      request.abort();
      await new Promise((r) => setTimeout(r, 20));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onError);
    }
  });
});
