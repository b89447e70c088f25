import type { Kysely, Migration } from "kysely";

/**
 * Uploads (issue 19 §2, docs/decisions/068): one row per file the API took, resumable (tus) or
 * multipart. `id` is the tus id (random, with the file's extension), which is also the storage key
 * of its bytes; `bytes_received` follows the tus offset; status uploading → complete → claimed (a
 * content form took it), or refused (nothing kept). Duration and thumbnail are ffprobe's and
 * ffmpeg's for video and audio. The cleanup job reads (status, datetime_update).
 */
export const uploadTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("upload")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "integer", (c) => c.references("account.id").onDelete("set null"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("size", "bigint", (c) => c.notNull())
      .addColumn("bytes_received", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("storage_key", "text", (c) => c.notNull())
      .addColumn("duration", "double precision")
      .addColumn("thumbnail_key", "text")
      .addColumn("datetime_create", "text", (c) => c.notNull())
      .addColumn("datetime_update", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("upload_status_update_idx")
      .on("upload")
      .columns(["status", "datetime_update"])
      .execute();
    await db.schema.createIndex("upload_account_idx").on("upload").column("account_id").execute();
  },
};
