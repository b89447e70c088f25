import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod/v4";
import type { FilterOption, Paged } from "../../contract/http";
import { CONDITION_TEXT_LISTS, PERMISSION_RANGES, type PermissionRange } from "../../contract/codes";
import { RANGES_WITHOUT_DATA } from "../../contract/schemas/condition";
import { CONDITION_CONTENT_TYPES, contentField } from "../../contract/condition-content-codes";
import { CONTENT_TYPES } from "~/registry/content.js";
import type { ConditionShape } from "~/components/content/condition-form";
import type { Lms } from "./api.server";
import { apiFieldErrors } from "./content-form.server";
import { optionsFor } from "./content.server";

/**
 * The server half of every condition page (spec 001 §3 "Condition forms", docs/decisions/030,
 * 035, 060): a content's or a category's permission rule, a condition group, an approval flow's
 * learner condition. What the editor offers comes from here, so the pages cannot drift apart from
 * each other or from the API's schema (contract/schemas/condition.ts): the lists with master data, the ranges the API can
 * compute (not the level-group years, which it refuses), the sub-department switch. Sending the
 * condition (save or a group's preview) is one call: the contract's schema first, then the API,
 * whose field errors come back onto the form. The schemas are reached through this .server
 * module, so no zod goes to the browser (docs/decisions/016).
 */
export { permissionConditionSchema } from "../../contract/schemas/content-permission";
export { GROUP_TYPE, groupConditionSchema } from "../../contract/schemas/group";
export { flowConditionSchema } from "../../contract/schemas/requests";

/** The id lists a condition form can offer (the others have no master data yet: decision 030). */
export type ConditionListName =
  "department" | "position" | "level" | "group" | "group_account" | "account" | "location";

/** The ranges the API computes (level-group years: only "unset" is accepted, so none is offered). */
export const CONDITION_RANGES: readonly PermissionRange[] = PERMISSION_RANGES.filter(
  (r) => !RANGES_WITHOUT_DATA.includes(r),
);

/** Where each organisation list's options come from (the filter lists of spec 002 §7). */
const SOURCES: Record<Exclude<ConditionListName, "department" | "account">, string> = {
  position: "position",
  level: "level",
  group: "group",
  group_account: "group/type/ACCOUNT",
  location: "dashboard/location/filter/",
};

type Dept = FilterOption & { parent_id: number | null };
type Choice = { value: string; label: string };

/** Departments with their path ("Head Office › Human Resources"), in tree order. */
function departmentOptions(rows: Dept[]): Choice[] {
  const byParent = new Map<number | null, Dept[]>();
  for (const d of rows) byParent.set(d.parent_id, [...(byParent.get(d.parent_id) ?? []), d]);
  const out: Choice[] = [];
  const walk = (parent: number | null, path: string[]) => {
    for (const d of byParent.get(parent) ?? []) {
      const label = [...path, d.name];
      out.push({ value: String(d.id), label: label.join(" › ") });
      walk(d.id, label);
    }
  };
  walk(null, []);
  return out;
}

/** How many contents of a type a condition offers at once (beside those it already names). */
export const CONTENT_CHOICES = 200;

/**
 * The contents each type of "permission by content" offers (docs/decisions/100): those the
 * condition names, then the type's first CONTENT_CHOICES by name.
 */
async function contentShape(
  api: Lms,
  values: Record<string, unknown>,
): Promise<NonNullable<ConditionShape["contents"]>> {
  return Promise.all(
    CONDITION_CONTENT_TYPES.map(async (t) => {
      const path = CONTENT_TYPES.find((r) => r.key === t.type)!.api;
      const chosen = ((values[contentField.list(t.name)] as number[] | undefined) ?? []).slice(0, 1000);
      type Row = { id: number; name: string };
      const [first, named] = await Promise.all([
        api.get<Paged<Row>>(path, { query: { page_size: CONTENT_CHOICES, ordering: "name" } }),
        chosen.length
          ? api.get<Paged<Row>>(`${path}?${chosen.map((id) => `id=${id}`).join("&")}`, {
              query: { page_size: chosen.length },
            })
          : null,
      ]);
      const seen = new Set<number>();
      const options = [...(named?.data.results ?? []), ...first.data.results]
        .filter((r) => !seen.has(r.id) && seen.add(r.id))
        .map((r) => ({ value: String(r.id), label: r.name }));
      return { name: t.name, type: t.type, dated: t.dated, options };
    }),
  );
}

/**
 * What an organisation condition offers (a department rule, a condition group): the operator,
 * the lists `names` with their options (departments with the switch that takes their
 * sub-departments in), the ranges, the account start dates and the contents of each type
 * (`values`: the saved condition, whose contents are offered whatever the first page holds).
 */
export async function organisationShape(
  api: Lms,
  names: readonly Exclude<ConditionListName, "account">[],
  values: Record<string, unknown> = {},
): Promise<ConditionShape> {
  const contents = contentShape(api, values);
  const lists = await Promise.all(
    names.map(async (name) => {
      if (name === "department") {
        const { data } = await api.get<Paged<Dept>>("dashboard/filter/department-cascade/", {
          query: { page_size: 1000 },
        });
        return { name, options: departmentOptions(data.results) };
      }
      const options = await optionsFor(api, SOURCES[name], name);
      return { name, options: options.map((o) => ({ value: o.value, label: o.label })) };
    }),
  );
  // The learner fields without master data (company code, job family, work shift) are typed.
  return {
    operator: true,
    includeSub: names.includes("department"),
    lists,
    texts: [...CONDITION_TEXT_LISTS],
    ranges: [...CONDITION_RANGES],
    dates: true,
    contents: await contents,
  };
}

/** How many accounts a user rule offers at once; a search (`?find=`) narrows them when there are more. */
export const ACCOUNT_CHOICES = 200;

type AccountChoice = { id: number; name: string; code: string };

/**
 * What a user rule offers: the accounts it already names (`chosen`, by the call's `id_list`,
 * whatever the search) then those of `accountsPath` (the rules' `account/` call) matching `find`,
 * at most ACCOUNT_CHOICES; `more` when the search leaves some out. An organisation of thousands
 * finds a colleague by name instead of scrolling a list cut at an arbitrary length.
 */
export async function accountShape(
  api: Lms,
  accountsPath: string,
  opts: { find: string; chosen: readonly number[] },
): Promise<ConditionShape & { more: boolean }> {
  const [found, named] = await Promise.all([
    api.get<Paged<AccountChoice>>(accountsPath, {
      query: { page_size: ACCOUNT_CHOICES, ...(opts.find ? { search: opts.find } : {}) },
    }),
    opts.chosen.length
      ? api.get<Paged<AccountChoice>>(accountsPath, {
          query: { page_size: opts.chosen.length, id_list: opts.chosen.join(",") },
        })
      : null,
  ]);
  const seen = new Set<number>();
  const options = [...(named?.data.results ?? []), ...found.data.results]
    .filter((a) => !seen.has(a.id) && seen.add(a.id))
    .map((a) => ({ value: String(a.id), label: `${a.name} (${a.code})` }));
  return {
    operator: false,
    includeSub: false,
    lists: [{ name: "account", options }],
    texts: [],
    ranges: [],
    dates: false,
    more: found.data.count > ACCOUNT_CHOICES,
  };
}

type Result = SubmissionResult<string[]>;
export type ConditionSent<T> = { ok: true; data: T; result: Result } | { ok: false; result: Result };

/**
 * Parse the posted condition with `schema` and send it (`PUT …/condition/` to save, `POST
 * …/condition/preview/` to count). Refused here or by the API: `ok: false` with the result to
 * show (what was posted, the errors). Sent: the API's answer, and the result that keeps the
 * posted values on the form (a preview shows the condition it counted).
 */
export async function sendCondition<T>(
  api: Lms,
  form: FormData,
  schema: z.ZodType,
  method: "PUT" | "POST",
  path: string,
): Promise<ConditionSent<T>> {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return { ok: false, result: submission.reply() as Result };
  const res = await api.call<T | Record<string, unknown>>(method, path, { body: submission.value, accept: [400] });
  if (res.status === 400)
    return { ok: false, result: submission.reply(apiFieldErrors(res.data as Record<string, unknown>)) as Result };
  return { ok: true, data: res.data as T, result: submission.reply() as Result };
}
