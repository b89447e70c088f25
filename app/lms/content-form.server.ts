import { getZodConstraint } from "@conform-to/zod/v4";
import type { ConfigDict } from "../../contract/config";
import { CONTENT_TAG_EXTRAS } from "../../contract/codes";
import { CONTENT_SCHEMAS, type ContentLimits, type ContentSchemaName } from "../../contract/schemas/content";
import type { Lms } from "./api.server";
import { optionsFor, type ContentType, type Option } from "./content.server";

/**
 * The form side of a content type: its contract schema under the configured limits and switched
 * extras, the fields the registry shows (extras only when their config flag is on), and the
 * options of its selects. One place, used by the create page and the form tab alike.
 */
function limitsOf(config: ConfigDict): ContentLimits {
  const n = (k: string, d: number) => Number(config[k]?.value ?? d) || d;
  return { text: n("text-limit", 200), code: n("code-limit", 12), description: n("description-limit", 2000) };
}

const enabledExtras = (config: ConfigDict) => CONTENT_TAG_EXTRAS.filter((e) => config[e.config]?.value === true).map((e) => e.field);

export function schemaFor(type: ContentType, config: ConfigDict) {
  // The registry names it; tests/unit/content-registry.test.ts holds every name to CONTENT_SCHEMAS.
  const make = CONTENT_SCHEMAS[type.schema as ContentSchemaName];
  if (!make) throw new Error(`no schema ${type.schema} for ${type.key}`);
  return make(limitsOf(config), enabledExtras(config));
}

/** Fields to show: the registry's, less the extras whose config flag is off. */
export function visibleFields(type: ContentType, config: ConfigDict) {
  const on = new Set<string>(enabledExtras(config));
  const extra = new Set<string>(CONTENT_TAG_EXTRAS.map((e) => e.field));
  return type.fields.filter((f) => !extra.has(f.name) || on.has(f.name));
}

/** What a form page's loader sends: fields, their options, and the schema's constraints. */
export async function formContext(api: Lms, type: ContentType, config: ConfigDict) {
  const fields = visibleFields(type, config);
  const options: Record<string, Option[]> = {};
  await Promise.all(
    fields.filter((f) => f.source).map(async (f) => {
      options[f.name] = await optionsFor(api, f.source!, f.name);
    }),
  );
  return { fields, options, constraint: getZodConstraint(schemaFor(type, config).create) };
}

/** API 400 answers as conform field errors (`detail` becomes the form's own error). */
export function apiFieldErrors(body: Record<string, unknown> | null): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(body ?? {})) {
    const list = ([] as unknown[]).concat(v).map(String);
    if (k === "detail" || k === "non_field_errors") formErrors.push(...list);
    else fieldErrors[k] = list;
  }
  return { formErrors, fieldErrors };
}
