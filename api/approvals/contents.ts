import { sql, type AliasedRawBuilder } from "kysely";
import { CONTENT_DEFINITIONS } from "../content/types";
import type { ContentDefinition, ContentFeature } from "../content/definition";
import { contentTypeId, type ContentRef } from "../content/ref";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";
import type { ContentSummary } from "../../contract/schemas/approvals";

/**
 * The contents of every type that has a feature (enrollment, budget), as one derived table the
 * approval and budget lists join: `(content_type_id, content_id, type, name, code)`. Each content
 * type keeps its own table (docs/decisions/022); the union is built from the API's definitions,
 * so a new type with the feature is listed without a change here.
 */
export type FeatureContent = { def: ContentDefinition; typeId: number };

export async function contentsWith(q: Db | Trx, feature: ContentFeature): Promise<FeatureContent[]> {
  const defs = CONTENT_DEFINITIONS.filter((d) => d.features.includes(feature));
  return Promise.all(defs.map(async (def) => ({ def, typeId: await contentTypeId(q, def.resource.contentType) })));
}

export type ContentRow = { content_type_id: number; content_id: number; type: string; name: string; code: string };

/** The union of their tables, aliased `alias`. */
export function contentUnion<A extends string>(
  types: readonly FeatureContent[],
  alias: A,
): AliasedRawBuilder<ContentRow, A> {
  const parts = types.map(
    (t) =>
      sql`select ${sql.lit(t.typeId)} as content_type_id, id as content_id, ${sql.lit(t.def.resource.contentType)} as type, name, code from ${sql.table(t.def.resource.table)}`,
  );
  return sql<ContentRow>`(${sql.join(parts, sql` union all `)})`.as(alias);
}

/** The type a content_type id or code names among `types`, or undefined. */
export const typeById = (types: readonly FeatureContent[], typeId: number) => types.find((t) => t.typeId === typeId);
export const typeByCode = (types: readonly FeatureContent[], code: string) =>
  types.find((t) => t.def.resource.contentType === code);

/** A content's reference, name and code (null: no such content). */
export async function contentSummary(
  q: Db | Trx,
  t: FeatureContent,
  contentId: number,
): Promise<{ ref: ContentRef; content: ContentSummary } | null> {
  const row = await q
    .selectFrom(`${t.def.resource.table} as t` as "course as t")
    .select(["t.id", "t.name", "t.code"])
    .where("t.id", "=", contentId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ref: { contentTypeId: t.typeId, contentId: row.id },
    content: { type: t.def.resource.contentType, id: row.id, name: row.name, code: row.code },
  };
}

/** Baht from hundredths. */
export const baht = (minor: number | bigint) => Number(minor) / 100;
