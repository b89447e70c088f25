import type { Paged } from "../../contract/http";
import { switchesOn, type ConfigDict } from "../../contract/config";
import { answerHolds, type PermissionAnswer } from "../../contract/permissions";
import { switchesOf } from "~/registry/features.js";
import { SCREENS } from "~/registry/menu.js";
import { REGISTRY_TYPES } from "~/registry/types.js";
import { alsoFlags, contentFlag } from "~/registry/content.js";
import { LEARNERS_FILTER } from "../../contract/assignment-codes";
import type { Lms } from "./api.server";
import { dash } from "./paths";

/**
 * What an administrator acts on, counted on the learning home (issue 33 item 13,
 * docs/decisions/079): each count is the `count` of the very list its link opens, asked of that
 * list's API call with the same filter, so the number and the page agree and the API's own
 * permission rules (a flow's decider sees only its steps) decide both. `screen`: the registry
 * screen the link opens (its address is the link), or `type`: the registry type whose list it opens,
 * filtered by `query` (docs/decisions/080); a viewer it refuses is not shown the count.
 */
export const HOME_ACTIONS = [
  {
    key: "enrollment_waiting",
    screen: "enrollment-waiting-tab",
    api: "dashboard/enrollment/",
    query: { state: "waiting" },
  },
  {
    key: "learning_request_waiting",
    screen: "learning-request-waiting",
    api: "dashboard/learning-request/",
    query: { tab: "waiting" },
  },
  {
    key: "material_request_waiting",
    screen: "material-request",
    api: "dashboard/material-request/",
    query: { tab: "waiting" },
  },
  // Assignments with an overdue learner (docs/decisions/080): the assignment list, filtered, whose
  // rows lead to each one's overdue learners. `type`: a registry list, opened by its view flag.
  {
    key: "assignment_overdue",
    type: "assignment",
    api: "dashboard/assignment/",
    query: { learners: LEARNERS_FILTER.overdue },
  },
  // What happened in the home's period (docs/decisions/086): the enrolments made and the learning
  // completed on its days, across contents. `period`: the list is asked for, and the link carries,
  // the home's days (date_from, date_to), so the card counts what the page lists.
  {
    key: "enrolled_period",
    screen: "enrollment-period",
    api: "dashboard/enrollment/period/",
    query: { event: "enrolled" },
    period: true,
  },
  {
    key: "completed_period",
    screen: "enrollment-period",
    api: "dashboard/enrollment/period/",
    query: { event: "completed" },
    period: true,
  },
] as const;

/** The home's days (YYYY-MM-DD, the organisation's, inclusive), as the home's API answered them. */
export type HomeDays = { date_from: string; date_to: string };

type ActionDef = (typeof HOME_ACTIONS)[number];

/** A registry type's list as a target: its view flag (or a guard that shows it), its switches on, its address. */
function typeTarget(key: string) {
  const type = REGISTRY_TYPES.find((t) => t.key === key);
  if (!type) throw new Error(`unknown type ${key}`);
  return {
    flags: [contentFlag(type, "view"), ...alsoFlags(type, "view")],
    switches: switchesOf(type),
    path: type.segment,
  };
}

/** What opening an action's list takes, and where it is: a registry screen or a registry type's list. */
function targetOf(a: ActionDef) {
  if ("type" in a) return typeTarget(a.type);
  const screen = SCREENS.find((s) => s.id === a.screen);
  if (!screen) throw new Error(`unknown screen ${a.screen}`);
  return { flags: [screen.flag, ...(screen.also ?? [])], switches: switchesOf(screen), path: screen.path };
}

/** The query an action's list is asked with: its filter, and the home's days for a period's card. */
const queryOf = (a: ActionDef, days: HomeDays): Record<string, string> =>
  "period" in a ? { ...a.query, ...days } : a.query;

/**
 * The list's address: a filtered list carries its filter (and a period's card the home's days), so
 * the page shows the rows counted; a screen that is its filter (the waiting tab) needs none.
 */
function hrefOf(a: ActionDef, path: string, days: HomeDays) {
  const q = "type" in a || "period" in a ? new URLSearchParams(queryOf(a, days)).toString() : "";
  return q ? `${dash(path)}?${q}` : dash(path);
}

/** `group`: what waits for the viewer, or what happened in the home's period. */
export type HomeAction = {
  key: (typeof HOME_ACTIONS)[number]["key"];
  group: "waiting" | "period";
  count: number;
  capped: boolean;
  href: string;
};

/**
 * The actions whose list the viewer may open — the screen guard's rule (requireScreen): its flag or
 * a guard that shows it, its config switches on — each with its list's address.
 */
export function openableActions(permission: PermissionAnswer, config: ConfigDict, days: HomeDays) {
  return HOME_ACTIONS.flatMap((a) => {
    const target = targetOf(a);
    const open = target.flags.some((f) => answerHolds(permission, f)) && switchesOn(config, target.switches);
    return open ? [{ ...a, href: hrefOf(a, target.path, days) }] : [];
  });
}

/** The counts of the actions the viewer may open, in HOME_ACTIONS' order (one page of one row each, asked at once). */
export async function homeActions(
  api: Lms,
  permission: PermissionAnswer,
  config: ConfigDict,
  days: HomeDays,
): Promise<HomeAction[]> {
  const shown = openableActions(permission, config, days);
  const lists = await Promise.all(
    shown.map((a) =>
      api.get<Paged<unknown>>(a.api, { query: { ...queryOf(a, days), page_size: 1 }, accept: [400, 403, 404] }),
    ),
  );
  return shown.flatMap((a, i) => {
    const res = lists[i];
    // The API refused after all (a switch or flag changed meanwhile): nothing to show, nothing to open.
    if (res.status !== 200) return [];
    return [
      {
        key: a.key,
        group: "period" in a ? ("period" as const) : ("waiting" as const),
        count: res.data.count,
        capped: !!res.data.count_capped,
        href: a.href,
      },
    ];
  });
}
