import { sql, type SqlBool } from "kysely";
import {
  MEDIA_KINDS,
  MEDIA_MSG,
  formatDuration,
  parseVideoLink,
  videoThumbnail,
  type MediaKind,
  type VideoProvider,
} from "../../../contract/media-codes";
import type { Media, MediaRow } from "../../../contract/schemas/media";
import type { ContentSchemaName } from "../../../contract/schemas/content";
import { ApiError } from "../../http/errors";
import type { Db } from "../../db/index";
import { roleIds, type Trx } from "../../engine/crud";
import { contentResource } from "../base-resource";
import { collectionOf } from "../library/collection";
import { dependantsOf, dependencyAnswer } from "./dependants";
import { storedFileUrl } from "./files";

/**
 * ONE resource factory for the six media types (issue 19, docs/decisions/069): each kind is a
 * call of it over the shared `media` table, its rows told apart by `kind` (the engine's
 * Resource.where). The engine gives list, create, item, delete, show / hide / schedule; what
 * differs per kind is its row of MEDIA_KINDS (contract/media-codes.ts):
 *
 * - a file kind (video, audio, document) is shown only once it has its file;
 * - an external video's link names its provider and video id, kept beside it (its thumbnail is
 *   built from them); an article has its body;
 * - a flash card set is shown only once it has a card;
 * - every kind: deleting or hiding an item that a content's curriculum requires is refused with
 *   424 naming the dependants (spec 001 §5 "Protection"; dependants.ts).
 */

const t = (col: string) => sql.ref(`t.${col}`);

/** A row's thumbnail: the stored picture's URL, or the provider's built from the video id. */
export function thumbnailOf(r: {
  thumbnail: string | null;
  video_provider: string | null;
  video_id: string | null;
}): string | null {
  if (r.thumbnail) return storedFileUrl(r.thumbnail);
  if (r.video_provider && r.video_id) return videoThumbnail(r.video_provider as VideoProvider, r.video_id);
  return null;
}

async function cardCounts(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom("media_card")
    .select((eb) => ["media_id", eb.fn.countAll<number>().as("n")])
    .where("media_id", "in", ids)
    .groupBy("media_id")
    .execute();
  return new Map(rows.map((r) => [r.media_id, Number(r.n)]));
}

export const mediaInstructors = (db: Db, id: number) =>
  db
    .selectFrom("media_instructor as mi")
    .innerJoin("instructor as i", "i.id", "mi.instructor_id")
    .select(["i.id", "i.name"])
    .where("mi.media_id", "=", id)
    .orderBy("i.name")
    .orderBy("i.id")
    .execute();

/** The link's columns: the URL with its provider and video id (the schema accepted only such links). */
function linkColumns(url: unknown) {
  if (typeof url !== "string") return {};
  const v = parseVideoLink(url);
  return { url, video_provider: v?.provider ?? null, video_id: v?.id ?? null };
}

/** Why an item of `kind` cannot be shown yet, or null. */
async function publishRefusal(trx: Trx, kind: MediaKind, id: number): Promise<ApiError | null> {
  const row = MEDIA_KINDS[kind];
  if (row.file) {
    const r = await trx.selectFrom("media").select("file_key").where("id", "=", id).executeTakeFirstOrThrow();
    if (!r.file_key) return new ApiError(428, { detail: MEDIA_MSG.file_required });
  }
  if (row.cards && !(await trx.selectFrom("media_card").select("id").where("media_id", "=", id).executeTakeFirst()))
    return new ApiError(428, { detail: MEDIA_MSG.card_required });
  return null;
}

/**
 * The resource of media kind `kind` (its registry key, content type code and API path) in one
 * collection: the organisation's, or the content library's (`library`, docs/decisions/071).
 */
export function mediaResource(kind: MediaKind, library = false) {
  const base = contentResource<MediaRow, Media>({
    key: kind,
    schema: kind as ContentSchemaName,
    table: "media",
    ...collectionOf(kind, "material", library),
    hasImage: false,
    where: sql<SqlBool>`${t("kind")} = ${kind}`,
    async rowExtras(db, ids) {
      const rows = await db
        .selectFrom("media")
        .select(["id", "kind", "file_name", "file_size", "duration", "thumbnail", "video_provider", "video_id"])
        .where("id", "in", ids)
        .execute();
      const cards = await cardCounts(db, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return (id) => {
        const r = byId.get(id)!;
        return {
          kind: r.kind as MediaKind,
          file_name: r.file_name,
          file_size: r.file_size,
          duration: r.duration,
          duration_text: formatDuration(r.duration),
          thumbnail: thumbnailOf(r),
          card_count: cards.get(id) ?? 0,
        };
      };
    },
    async itemExtras(db, id) {
      const r = await db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return {
        instructor_list: await mediaInstructors(db, id),
        file: r.file_key ? storedFileUrl(r.file_key) : null,
        url: r.url,
        video_provider: r.video_provider as VideoProvider | null,
        video_id: r.video_id,
        body: r.body,
        dependent_list: await dependantsOf(db, id),
      };
    },
    async saveOwn(trx, id, input) {
      const list = input.instructor_list as number[] | undefined;
      if (list === undefined) return;
      await trx.deleteFrom("media_instructor").where("media_id", "=", id).execute();
      const ids = [...new Set(list)];
      if (ids.length)
        await trx
          .insertInto("media_instructor")
          .values(ids.map((instructor_id) => ({ media_id: id, instructor_id })))
          .execute();
    },
    ownColumns(input, mode) {
      const out: Record<string, unknown> = mode === "create" ? { kind } : {};
      if (MEDIA_KINDS[kind].link) Object.assign(out, linkColumns(input.url));
      if (MEDIA_KINDS[kind].body && input.body !== undefined) out.body = input.body;
      return out;
    },
    publishRefusal: (trx, id) => publishRefusal(trx, kind, id),
    scopes: {
      instructor: {
        where: (accountId) =>
          sql<SqlBool>`exists (select 1 from ${sql.table("media_instructor")} as mi where ${sql.ref("mi.media_id")} = ${t("id")} and ${sql.ref("mi.instructor_id")} in ${roleIds("instructor", accountId)})`,
        field: "instructor_list",
      },
    },
    refs: { instructor_list: { table: "instructor" } },
  });
  const display = base.display!;
  return {
    ...base,
    /** Refused with 424 while a content requires it; then the engine's delete (its content_* rows, the prerequisite 424). */
    async remove(trx: Trx, id: number, w: Parameters<typeof base.remove>[2]) {
      const refusal = await dependencyAnswer(trx, id);
      if (refusal) throw refusal;
      await base.remove(trx, id, w);
    },
    display: {
      ...display,
      /** Hiding is refused (424) while a content requires it; showing and scheduling are the engine's. */
      async apply(
        trx: Trx,
        id: number,
        input: Parameters<typeof display.apply>[2],
        w: Parameters<typeof display.apply>[3],
      ) {
        if (input.is_display === false) {
          const refusal = await dependencyAnswer(trx, id);
          if (refusal) throw refusal;
        }
        return display.apply(trx, id, input, w);
      },
    },
  };
}

export type MediaResource = ReturnType<typeof mediaResource>;
