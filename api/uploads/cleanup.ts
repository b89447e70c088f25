import type { FastifyInstance } from "fastify";
import { runEvery } from "../http/interval-job";
import { DEFAULT_UPLOAD_ABANDON_HOURS, UPLOAD_STATUS } from "../../contract/upload-rules";
import type { ApiContext } from "../http/context";
import { configValue } from "../system/config-store";
import { backendOf } from "./storage";

/** How often the cleanup looks (a timer per API process; each deletes what it finds, twice is harmless). */
const TICK_MS = 10 * 60_000;

/**
 * One round of the abandoned-upload cleanup (docs/decisions/068): every upload not claimed by a
 * content form and untouched for `upload-abandon-hours` (default 24) — still uploading, finished but
 * never saved with a form, or refused — loses its bytes, its thumbnail and its row. Answers how many.
 */
export async function uploadCleanupTick(ctx: ApiContext, now: Date = ctx.now()): Promise<number> {
  const hours = Number(await configValue(ctx.db, "upload-abandon-hours")) || DEFAULT_UPLOAD_ABANDON_HOURS;
  const cutoff = new Date(now.getTime() - hours * 3600_000).toISOString();
  const rows = await ctx.db
    .selectFrom("upload")
    .select(["id", "storage_key", "thumbnail_key"])
    .where("status", "in", [UPLOAD_STATUS.uploading, UPLOAD_STATUS.complete, UPLOAD_STATUS.refused])
    .where("datetime_update", "<", cutoff)
    .orderBy("datetime_update")
    .limit(500)
    .execute();
  const backend = backendOf(ctx);
  let removed = 0;
  for (const r of rows) {
    // The row goes first, on the same conditions: a form that claimed it a moment ago keeps its file.
    const gone = await ctx.db
      .deleteFrom("upload")
      .where("id", "=", r.id)
      .where("status", "!=", UPLOAD_STATUS.claimed)
      .where("datetime_update", "<", cutoff)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) continue;
    await backend.remove(r.storage_key);
    if (r.thumbnail_key) await backend.remove(r.thumbnail_key);
    removed++;
  }
  return removed;
}

/** The timer: a round every ten minutes while the API runs (UPLOAD_CLEANUP=off stops it). */
export function startUploadCleanup(app: FastifyInstance, ctx: ApiContext) {
  runEvery(app, {
    name: "upload cleanup",
    everyMs: TICK_MS,
    offVariable: "UPLOAD_CLEANUP",
    tick: () => uploadCleanupTick(ctx),
  });
}
