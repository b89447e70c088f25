import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Selectable } from "kysely";
import { MSG } from "../../contract/messages";
import { highlightSchemas, type Highlight } from "../../contract/schemas/master-data";
import { CONTENT_DEFINITIONS } from "../content/types";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import type { FieldErrors } from "../../contract/http";
import { badRequest, notFound, parseChanges, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import { textLimits } from "./config-store";
import { existingId, requireModule } from "./master";
import { storeImageUpload } from "./media";

/**
 * A provider's highlights (spec 000 §2.11 /provider/{providerid} "highlight"; spec 001 §3
 * "Highlight": title, image, content_id, content_type, external_link, video_type). Under
 * /api/dashboard/provider/{id}/highlight/: GET (paged, by sort), POST; {hid}/: GET, PATCH,
 * DELETE; {hid}/image/: POST (multipart `image`), DELETE. Reads need provider_view_provider,
 * writes provider_change_provider. A highlight shows one of the provider's own contents or an
 * external link (at least one; 400 highlight_target_required).
 */

type Row = Selectable<Database["provider_highlight"]>;

/** The own table of a content type by its content_type code (a highlight names a content by type and id). */
const tableOfType = (code: string | undefined) =>
  code ? CONTENT_DEFINITIONS.find((d) => d.resource.contentType === code)?.resource.table : undefined;

async function present(db: Db | Trx, rows: Row[]): Promise<Highlight[]> {
  const types = new Map(
    (await db.selectFrom("content_type").select(["id", "code", "name"]).execute()).map((t) => [t.id, t]),
  );
  const out: Highlight[] = [];
  for (const r of rows) {
    const type = r.content_type_id === null ? undefined : types.get(r.content_type_id);
    const table = tableOfType(type?.code);
    const content =
      table && r.content_id !== null
        ? await db
            .selectFrom(`${table} as t` as "course as t")
            .select(["t.id", "t.name"])
            .where("t.id", "=", r.content_id)
            .executeTakeFirst()
        : undefined;
    out.push({
      id: r.id,
      title: r.title,
      image: r.image,
      content_type: type ? { id: type.id, name: type.name } : null,
      content: content ? { id: content.id, name: content.name } : null,
      external_link: r.external_link,
      video_type: r.video_type,
      sort: r.sort,
      datetime_create: r.datetime_create,
      datetime_update: r.datetime_update,
    });
  }
  return out;
}

type Target = { content_type?: number | null; content_id?: number | null; external_link?: string | null };

/** What the highlight shows, after the change: a content of this provider's, or a link. */
async function checkTarget(trx: Trx, providerId: number, t: Required<Target>) {
  const errors: FieldErrors = {};
  if ((t.content_type === null) !== (t.content_id === null))
    errors[t.content_type === null ? "content_type" : "content_id"] = [MSG.required];
  else if (t.content_type !== null && t.content_id !== null) {
    const type = await trx
      .selectFrom("content_type")
      .select("code")
      .where("id", "=", t.content_type)
      .executeTakeFirst();
    const table = tableOfType(type?.code);
    if (!table) errors.content_type = [MSG.invalid_choice];
    else {
      const own = await trx
        .selectFrom(`${table} as t` as "course as t")
        .select("t.id")
        .where("t.id", "=", t.content_id)
        .where("t.provider_id", "=", providerId)
        .executeTakeFirst();
      if (!own) errors.content_id = [MSG.invalid_choice];
    }
  } else if (t.external_link === null) errors.content_id = [MSG.highlight_target_required];
  if (Object.keys(errors).length) throw badRequest(errors);
}

export function highlightRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = "/dashboard/provider/:id(^\\d{1,12})/highlight/";
  const item = `${base}:hid(^\\d{1,12})/`;
  const rowOf = async (q: Db | Trx, req: FastifyRequest, providerId: number): Promise<Row> => {
    const row = await q
      .selectFrom("provider_highlight")
      .selectAll()
      .where("id", "=", itemId(req, "hid"))
      .where("provider_id", "=", providerId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };
  const access = async (req: FastifyRequest, action: "view" | "change") => {
    await requireModule(req, db, "provider", action);
    return existingId(req, db, "provider");
  };

  app.get(base, async (req) => {
    const providerId = await access(req, "view");
    const q = readPageQuery(req);
    const page = await paginate(
      req,
      db
        .selectFrom("provider_highlight")
        .selectAll()
        .where("provider_id", "=", providerId)
        .orderBy("sort")
        .orderBy("id"),
      q,
    );
    return { ...page, results: await present(db, page.results) };
  });

  app.post(base, async (req, reply) => {
    const providerId = await access(req, "change");
    return createOnce(req, reply, ctx, {
      answer: async (id) => {
        const row = await db
          .selectFrom("provider_highlight")
          .selectAll()
          .where("id", "=", id)
          .where("provider_id", "=", providerId)
          .executeTakeFirst();
        return row && (await present(db, [row]))[0];
      },
      create: async (keep) => {
        const input = parseInput(highlightSchemas(await textLimits(db)).create, req.body);
        const at = ctx.now().toISOString();
        return writeTransaction(db, async (trx) => {
          await checkTarget(trx, providerId, input);
          const values = {
            provider_id: providerId,
            title: input.title,
            content_type_id: input.content_type,
            content_id: input.content_id,
            external_link: input.external_link,
            video_type: input.video_type,
            sort: input.sort,
          };
          return keep(
            trx,
            (
              await trx
                .insertInto("provider_highlight")
                .values({ ...values, image: null, datetime_create: at, datetime_update: at })
                .returning("id")
                .executeTakeFirstOrThrow()
            ).id,
          );
        });
      },
    });
  });

  app.get(item, async (req) => (await present(db, [await rowOf(db, req, await access(req, "view"))]))[0]);

  app.patch(item, async (req) => {
    const providerId = await access(req, "change");
    const before = await rowOf(db, req, providerId);
    const input = parseChanges(highlightSchemas(await textLimits(db)).update, req.body);
    await writeTransaction(db, async (trx) => {
      const pick = <K extends keyof Target>(k: K, column: keyof Row) =>
        (input[k] !== undefined ? input[k] : before[column]) as Target[K];
      await checkTarget(trx, providerId, {
        content_type: pick("content_type", "content_type_id"),
        content_id: pick("content_id", "content_id"),
        external_link: pick("external_link", "external_link"),
      } as Required<Target>);
      const set = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.content_type !== undefined && { content_type_id: input.content_type }),
        ...(input.content_id !== undefined && { content_id: input.content_id }),
        ...(input.external_link !== undefined && { external_link: input.external_link }),
        ...(input.video_type !== undefined && { video_type: input.video_type }),
        ...(input.sort !== undefined && { sort: input.sort }),
      };
      await trx
        .updateTable("provider_highlight")
        .set({ ...set, datetime_update: ctx.now().toISOString() })
        .where("id", "=", before.id)
        .execute();
    });
    return (await present(db, [await rowOf(db, req, providerId)]))[0];
  });

  app.delete(item, async (req, reply) => {
    const row = await rowOf(db, req, await access(req, "change"));
    await db.deleteFrom("provider_highlight").where("id", "=", row.id).execute();
    return reply.status(204).send();
  });

  app.post(`${item}image/`, async (req) => {
    const providerId = await access(req, "change");
    const row = await rowOf(db, req, providerId);
    const image = await storeImageUpload(req, db, ctx.mediaDir, "highlight");
    await db
      .updateTable("provider_highlight")
      .set({ image, datetime_update: ctx.now().toISOString() })
      .where("id", "=", row.id)
      .execute();
    return (await present(db, [await rowOf(db, req, providerId)]))[0];
  });
  app.delete(`${item}image/`, async (req) => {
    const providerId = await access(req, "change");
    const row = await rowOf(db, req, providerId);
    await db
      .updateTable("provider_highlight")
      .set({ image: null, datetime_update: ctx.now().toISOString() })
      .where("id", "=", row.id)
      .execute();
    return (await present(db, [await rowOf(db, req, providerId)]))[0];
  });
}
