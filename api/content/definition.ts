import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import { CONTENT_TYPES } from "../../app/registry/content.js";
import {
  cancelKindOf,
  contentFeatures,
  contentSwitches,
  itemCancelKind,
  type CancelKindRule,
} from "../../app/registry/content-features.js";
import type { CancelContentKind, ProgressStatus, TransitionKind } from "../../contract/codes";
import type { ConfigKey } from "../../contract/config";
import type { ContentSchemaName } from "../../contract/schemas/content";
import type { ApiContext } from "../http/context";
import type { Db } from "../db/index";
import type { AnyResource, Trx } from "../engine/crud";
import type { ContentRef } from "./ref";

/**
 * The features a content type may mount under its item path, /api/dashboard/{path}/{id}/…; each
 * is served to the dashboard registry's engine screen of the same name (app/registry/
 * content-features.js), and a type mounts those its registry entry's built screens use.
 */
export const CONTENT_FEATURES = [
  "curriculum",
  "enrollment",
  "prerequisite",
  "permission",
  "competency",
  "budget",
  "ecertificate",
  "gamification",
  "survey",
  "sequence",
  "overall",
] as const;
export type ContentFeature = (typeof CONTENT_FEATURES)[number];

/**
 * One content type as the API knows it (issue 13 §1): its generic resource (list, create, item,
 * publish; contentType set), the per-type rules every feature reads, and the features it mounts.
 * A new content type is one of these plus its resource (docs/adding-a-content-type.md), made by
 * `defineContent`: what its registry entry already says (features, switches, cancel kind) is read
 * from there, never written twice.
 */
export type ContentDefinition = {
  /** The registry key (app/registry/content.js). */
  key: string;
  resource: AnyResource & { contentType: string; schema: ContentSchemaName };
  /**
   * Which cancel types its enrollment allows (contract/codes.ts CANCEL_TYPES_ALLOWED): its registry
   * entry's `cancelKind`, one kind or an item field's (cancelKindAt reads an item's).
   */
  cancelKind: CancelKindRule;
  /** Its row of the admin progress transition table (contract/codes.ts ADMIN_TRANSITIONS). */
  transitions: TransitionKind;
  /**
   * The row for one item when its type's items follow different rows (a live: by its live type,
   * docs/decisions/066); without it every item follows `transitions`.
   */
  transitionsOf?: (db: Db, contentId: number) => Promise<TransitionKind>;
  /** The engine features its registry entry's built screens use (app/registry/content-features.js). */
  features: readonly ContentFeature[];
  /** Config switches of its sub-features beyond the feature-wide ones (contract/features.js), as its registry entry's pages exist by. */
  switches: { type?: readonly ConfigKey[]; price?: readonly ConfigKey[]; prerequisite?: readonly ConfigKey[] };
  /**
   * Run in the transaction of an administrator's progress change by hand (one learner or bulk),
   * after the change, with the enrollments that moved and their new status (class: a learner
   * set to 30 gets the sessions they missed as attended, "force completed", docs/decisions/042).
   */
  afterProgressChange?: (
    trx: Trx,
    ref: ContentRef,
    change: { enrollmentIds: number[]; to: ProgressStatus },
    by: { accountId: number; now: Date },
  ) => Promise<void>;
  /**
   * The curriculum feature's options (docs/decisions/045): its `path` under the item (default
   * "curriculum"; a class's curriculum is its sessions, so its sections of materials are its
   * `material/` tab), and whether removing the last section unpublishes the item (`sectionsPublish`,
   * default true: a course's sections are its publish precondition, a class's sessions are).
   */
  curriculum?: { path?: string; sectionsPublish?: boolean };
  /** Its own calls beyond the engine's (course: the cover image). */
  routes?: (app: FastifyInstance, ctx: ApiContext) => void;
  /**
   * The figures of its own overall pages on the landing page's summary (GET …/overall/), by page
   * id, beside the engine's; null for a page whose flag the account lacks, so the summary tells
   * nobody more than the pages would (a test's attempts: docs/decisions/076).
   */
  overallFigures?: (
    db: Db,
    contentId: number,
    has: (action: "learner" | "progress") => boolean,
  ) => Promise<Record<string, Record<string, number> | null>>;
};

/** A feature's routes, mounted once per content type that lists it. */
export type FeatureRoutes = (app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) => void;

/** Where the curriculum feature of `def` answers under its items (docs/decisions/045). */
export const curriculumPath = (def: Pick<ContentDefinition, "curriculum">) => def.curriculum?.path ?? "curriculum";

/** What a type's definition says itself; the rest comes from its registry entry. */
export type ContentDefinitionSpec = Omit<ContentDefinition, "features" | "switches" | "cancelKind">;

/**
 * A content type's definition: `spec` plus what its registry entry (app/registry/content.js, by
 * `key`) says — the features its built screens use, the switches its pages exist by, its cancel kind.
 */
export function defineContent(spec: ContentDefinitionSpec): ContentDefinition {
  const type = CONTENT_TYPES.find((t) => t.key === spec.key);
  if (!type) throw new Error(`content type ${spec.key} has no registry entry (app/registry/content.js)`);
  const switches = contentSwitches(type) as ContentDefinition["switches"];
  return { ...spec, cancelKind: cancelKindOf(type), features: contentFeatures(type), switches };
}

/** The cancel kind of item `contentId` of `def`: its type's, or by the item's own field (a learning path's kind). */
export async function cancelKindAt(
  db: Db | Trx,
  def: ContentDefinition,
  contentId: number,
): Promise<CancelContentKind> {
  const rule = def.cancelKind;
  if (typeof rule === "string") return rule;
  const row = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(def.resource.table)
    .select(sql.ref(rule.field).as("value"))
    .where("id", "=", contentId)
    .executeTakeFirstOrThrow();
  return itemCancelKind(rule, { [rule.field]: row.value });
}
