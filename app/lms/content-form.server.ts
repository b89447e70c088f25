import { getZodConstraint } from "@conform-to/zod/v4";
import { switchesOn, type ConfigDict } from "../../contract/config";
import { z } from "../../contract/zod";
import { MSG } from "../../contract/messages";
import { CONTENT_TAG_EXTRAS } from "../../contract/codes";
import type { ContentLimits } from "../../contract/schemas/content";
import { FORM_SCHEMAS, passwordRuleFrom } from "../../contract/schemas/forms";
import type { Lms } from "./api.server";
import { optionsFor, type ContentType, type Option } from "./content.server";
import { switchedOn } from "./code-options";
import { zonedValues } from "./time";
import { zoneOffset } from "./zone.server";
import { switchesOf } from "~/registry/features.js";

/**
 * The form side of a content type: its contract schema under the configured limits and switched
 * extras, the fields the registry shows (extras only when their config flag is on), and the
 * options of its selects. One place, used by the create page and the form tab alike.
 */
function limitsOf(config: ConfigDict): ContentLimits {
  const n = (k: string, d: number) => Number(config[k]?.value ?? d) || d;
  return { text: n("text-limit", 200), code: n("code-limit", 12), description: n("description-limit", 2000) };
}

const enabledExtras = (config: ConfigDict) =>
  CONTENT_TAG_EXTRAS.filter((e) => config[e.config]?.value === true).map((e) => e.field);

/** What a form schema is built from, out of the configuration. */
const schemaInputs = (config: ConfigDict) => ({
  limits: limitsOf(config),
  extras: enabledExtras(config),
  password: passwordRuleFrom(config),
});

/**
 * Built schemas by what they are built from (schema name, limits, extras, password rule): a zod
 * schema is immutable, and building one per request was most of a form page's CPU (bench/profile.ts).
 * Keys change only when an administrator changes the configuration; the oldest goes past the bound.
 */
const built = new Map<string, unknown>();
const BUILT_MAX = 500;
function memo<T>(key: string, make: () => T): T {
  if (built.has(key)) return built.get(key) as T;
  const value = make();
  if (built.size >= BUILT_MAX) built.delete(built.keys().next().value!);
  built.set(key, value);
  return value;
}

export function schemaFor(type: ContentType, config: ConfigDict) {
  // The registry names it; tests/unit/content-registry.test.ts holds every name to FORM_SCHEMAS.
  const make = FORM_SCHEMAS[type.schema];
  if (!make) throw new Error(`no schema ${type.schema} for ${type.key}`);
  const inputs = schemaInputs(config);
  return memo(`schema ${type.schema} ${JSON.stringify(inputs)}`, () => make(inputs));
}

/** Which form: the create page's, or the information tab's (without the create-only fields). */
export type FormMode = "create" | "edit";

/**
 * Fields to show: the registry's, less the extras whose config flag is off, the fields whose
 * `feature` switch is off, and the other form's own (`on`: create-only or edit-only).
 */
export function visibleFields(type: ContentType, config: ConfigDict, mode: FormMode = "create") {
  const on = new Set<string>(enabledExtras(config));
  const extra = new Set<string>(CONTENT_TAG_EXTRAS.map((e) => e.field));
  return type.fields.filter(
    (f) =>
      (!extra.has(f.name) || on.has(f.name)) &&
      switchesOn(config, switchesOf(f as { feature?: string | readonly string[] })) &&
      (!("on" in f) || !f.on || f.on === mode),
  );
}

type Field = ReturnType<typeof visibleFields>[number];

/**
 * The form's schema as the dashboard parses a post with it: its `datetime` fields, typed in the
 * organisation's zone, read as instants with that offset before the contract's schema sees them
 * (docs/decisions/010, 077). A refused post still shows what was typed (conform keeps the posted
 * values). The create page and the form tab parse with it; the tab shows values with toLocalInput.
 */
export async function zonedSchemaOf<S extends z.ZodType>(
  type: ContentType,
  config: ConfigDict,
  mode: FormMode,
  schema: S,
) {
  const names = visibleFields(type, config, mode)
    .filter((f) => f.kind === "datetime")
    .map((f) => f.name);
  if (!names.length) return schema;
  const offset = await zoneOffset();
  return z.preprocess((values) => zonedValues(values, names, offset), schema);
}
type FieldCall = { field: string; path: string; body: Record<string, number | null> };

/**
 * The calls of the form's fields that are saved by a call of their own (registry `call`: the
 * class's event zone), read from the posted form — only for the fields the form has, so a
 * switched-off field is never sent. A value is an id or blank (null); anything else is the
 * field's error, before anything is sent.
 */
export function fieldCalls(
  fields: Field[],
  form: FormData,
  itemId: number,
): { calls: FieldCall[]; errors: Record<string, string[]> } {
  const calls: FieldCall[] = [];
  const errors: Record<string, string[]> = {};
  for (const f of fields) {
    if (!("call" in f) || !f.call) continue;
    const raw = String(form.get(f.name) ?? "").trim();
    if (raw !== "" && !/^\d{1,9}$/.test(raw)) errors[f.name] = [MSG.invalid_choice];
    else
      calls.push({
        field: f.name,
        path: f.call.path.replace("{id}", String(itemId)),
        body: { [f.call.key]: raw === "" ? null : Number(raw) },
      });
  }
  return { calls, errors };
}

/**
 * Send the field calls one by one; a refusal (400) comes back as the field's errors (the call's
 * own key named by the field) or the form's (`detail`); a 404 (its switch turned off since the
 * page was loaded, docs/decisions/020) on the field. Answers the errors, empty when all went.
 */
export async function sendFieldCalls(
  api: Lms,
  calls: FieldCall[],
): Promise<{ formErrors: string[]; fieldErrors: Record<string, string[]> }> {
  const out = { formErrors: [] as string[], fieldErrors: {} as Record<string, string[]> };
  for (const c of calls) {
    const res = await api.post<Record<string, unknown>>(c.path, c.body, { accept: [400, 404] });
    if (res.status === 404) out.fieldErrors[c.field] = [MSG.not_found];
    if (res.status !== 400) continue;
    const { formErrors, fieldErrors } = apiFieldErrors(res.data);
    out.formErrors.push(...formErrors);
    const own = Object.values(fieldErrors).flat();
    if (own.length) out.fieldErrors[c.field] = own;
  }
  return out;
}

/** What a form page's loader sends: fields, their options, and the schema's constraints. */
export async function formContext(api: Lms, type: ContentType, config: ConfigDict, mode: FormMode = "create") {
  const fields = visibleFields(type, config, mode);
  const options: Record<string, Option[]> = {};
  await Promise.all(
    // An account field's source is searched, never listed whole (accountChoices).
    fields
      .filter((f) => f.source && f.kind !== "account")
      .map(async (f) => {
        // A code offered only while its configuration switch is on (a bank's test types): the switch the API reads.
        options[f.name] = switchedOn(await optionsFor(api, f.source!, f.name), config);
      }),
  );
  const schema = schemaFor(type, config)[mode];
  const names = fields.map((f) => f.name);
  // The same schema object for the same inputs (schemaFor), so its constraint is kept beside it.
  const constraint = memo(
    `constraint ${type.schema} ${mode} ${names.join(",")} ${JSON.stringify(schemaInputs(config))}`,
    () => withRequired(getZodConstraint(schema), schema, names),
  );
  return { fields, options, constraint };
}

type Constraint = Record<string, { required?: boolean }>;

/**
 * A field is required when the schema refuses it blank with `required`: what the form would
 * answer if it were sent empty. getZodConstraint marks every field whose schema is not
 * `.optional()` — a blank-is-null preprocess, a checkbox or a defaulted list included — which
 * asked the browser to demand every field of the user form.
 */
function withRequired(constraint: Constraint, schema: z.ZodType, names: string[]): Constraint {
  const parsed = schema.safeParse(Object.fromEntries(names.map((n) => [n, ""])));
  const refused = new Set(
    parsed.success ? [] : parsed.error.issues.filter((i) => i.message === MSG.required).map((i) => String(i.path[0])),
  );
  return Object.fromEntries(
    Object.entries(constraint).map(([k, c]) => [k, { ...c, required: refused.has(k.replace(/\[\]$/, "")) }]),
  );
}

/** API 400 answers as conform field errors (`detail` becomes the form's own error). */
export function apiFieldErrors(body: Record<string, unknown> | null): {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
} {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(body ?? {})) {
    const list = ([] as unknown[]).concat(v).map(String);
    if (k === "detail" || k === "non_field_errors") formErrors.push(...list);
    else fieldErrors[k] = list;
  }
  return { formErrors, fieldErrors };
}
