import type { ConfigDict } from "../../contract/config";
import type { FilterOption, Paged } from "../../contract/http";
import type { OrganisationLimits } from "../../contract/schemas/organisation";
import type { AccountHistoryRow } from "../../contract/schemas/user";
import type { RefNames } from "~/components/user/history-table";
import { contentFlag } from "~/registry/content.js";
import type { Lms } from "./api.server";
import { requestOf, requireDashboardUser, requirePermission, type RequestArgs, type SignedIn } from "./auth.server";
import { contentTypeOf, optionsFor, type Action, type ContentType } from "./content.server";
import { idParam } from "./invariant";

/**
 * The server side of the user area's own screens (docs/decisions/034): the guard of a page beside
 * the user list, the organisation limits of its forms, the department choices, and the names a
 * history row's references show. The schemas come through here so no zod reaches the browser
 * (schemas.server.ts says why).
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { departmentSchemas, masterSchemas } from "../../contract/schemas/organisation";
export { ACCOUNT_HISTORY_ACTIONS, resetPasswordSchema } from "../../contract/schemas/user";
export { passwordRuleFrom } from "../../contract/schemas/forms";

type ListPage = NonNullable<ContentType["listPages"]>[number];

/**
 * The signed-in user on a list page (content.js ListPage) of the URL's type, holding its flag —
 * its own, or the type's for its action — or, with `intent`, the flag its `post` names for that
 * intent (an intent it does not name is a 400, after the sign-in check). The registry is the one
 * place the guard is written, so the route manifest and the page cannot disagree.
 */
export async function requireListPage(
  from: RequestArgs,
  id: string,
  intent?: string,
): Promise<SignedIn & { type: ContentType; page: ListPage }> {
  const type = contentTypeOf(requestOf(from));
  const page = type.listPages?.find((p) => p.id === id);
  if (!page) throw new Error(`no list page ${id} of ${type.key}`);
  const flag =
    intent === undefined ? (page.flag ?? contentFlag(type, (page.action ?? "view") as Action)) : page.post?.[intent];
  if (!flag) {
    await requireDashboardUser(from);
    throw new Response("Bad Request", { status: 400 });
  }
  return { ...(await requirePermission(from, flag)), type, page };
}

/** Whether the user holds a flag (a button shown only to who may press it). */
export const holds = (user: SignedIn, flag: string | undefined) => !!flag && !!user.permission.permission[flag];

/** The configured limits of a department's, a level's or a position's name and code. */
export function organisationLimits(config: ConfigDict): OrganisationLimits {
  const n = (k: string, d: number) => Number(config[k]?.value ?? d) || d;
  return { text: n("text-limit", 200), code: n("code-limit", 12) };
}

/** The department id of a page's URL, or 404. */
export function departmentId(params: Record<string, string | undefined>): number {
  return idParam(params.departmentid);
}

export type Choice = { value: string; label: string };

/**
 * Every department as a parent choice, in tree order, each labelled by its path ("Head Office ›
 * Human Resources"): a flat list of names cannot tell two "Sales" apart. From the cascade filter
 * list of spec 002 §7 (its rows carry `parent_id`).
 */
export async function departmentChoices(api: Lms, without?: number): Promise<Choice[]> {
  const rows = (
    await api.get<Paged<FilterOption & { parent_id?: number | null }>>("dashboard/filter/department-cascade/", {
      query: { page_size: 1000 },
    })
  ).data.results;
  const out: Choice[] = [];
  const walk = (parent: number | null, path: string[], seen: Set<number>) => {
    for (const d of rows.filter((r) => (r.parent_id ?? null) === parent && !seen.has(r.id))) {
      seen.add(d.id);
      const here = [...path, d.name];
      if (d.id !== without) out.push({ value: String(d.id), label: here.join(" › ") });
      walk(d.id, here, seen);
    }
  };
  walk(null, [], new Set());
  return out;
}

/** The reference fields of the user form a history row names by id, and the filter list of each. */
const REF_SOURCES = { department: "department-cascade", position: "position", level: "level" } as const;

/**
 * The names of the departments, positions, levels and supervisors the rows' changes name by id (the cached
 * filter lists, docs/decisions/016): only the lists the rows need are read.
 */
export async function historyNames(api: Lms, rows: readonly AccountHistoryRow[]): Promise<RefNames> {
  const out: RefNames = {};
  // A supervisor is an account: named "First Last (username)" from the user list by id_list.
  const supervisors = [
    ...new Set(
      rows.flatMap((r) => (r.changes.supervisor ?? []).filter((v) => v !== null && v !== undefined).map(String)),
    ),
  ];
  const accounts = supervisors.length
    ? api.get<Paged<{ id: number; username: string; first_name: string; last_name: string }>>("dashboard/user/", {
        query: { id_list: supervisors.join(","), page_size: supervisors.length },
      })
    : null;
  await Promise.all(
    (Object.keys(REF_SOURCES) as (keyof typeof REF_SOURCES)[]).map(async (field) => {
      const ids = new Set(
        rows.flatMap((r) => (r.changes[field] ?? []).filter((v) => v !== null && v !== undefined).map(String)),
      );
      if (!ids.size) return;
      const options = await optionsFor(api, REF_SOURCES[field], field);
      out[field] = Object.fromEntries(options.filter((o) => ids.has(o.value)).map((o) => [o.value, o.label]));
    }),
  );
  if (accounts)
    out.supervisor = Object.fromEntries(
      (await accounts).data.results.map((a) => [
        String(a.id),
        `${[a.first_name, a.last_name].filter(Boolean).join(" ")} (${a.username})`,
      ]),
    );
  return out;
}
