import { RULE_CRITERIA, type RuleCriterion } from "../../contract/assignment-codes";
import { contentRuleSchema, type ContentRule } from "../../contract/schemas/assignment";
import { optionsFor, type Option } from "./content.server";
import { toastAnswer, type AssignmentPage } from "./assignment.server";
import { formId } from "./item-page.server";
import { redirectWithToast } from "./toast.server";
import { newIdempotencyKey, postedIdempotencyKey } from "./idempotency.server";

/**
 * An auto-assignment's content rules on its content tab (docs/decisions/059): the rules, the
 * options of each criterion's list, the contents a chosen type offers, and the tab's rule intents.
 * The learning program criterion is the API's only (no learning programs to choose yet).
 */

/** The criteria the form offers, with the registry source of their options (content.server optionsFor). */
export const RULE_SOURCES: Partial<Record<RuleCriterion, string>> = {
  category: "category-tree",
  provider: "provider",
  level: "level",
  instructor: "instructor",
  competency: "competency",
};
export const FORM_CRITERIA = RULE_CRITERIA.filter((c) => RULE_SOURCES[c]);

type Choices = { types: { id: number; key: string }[]; results: { id: number; name: string; code: string | null }[] };
export type RulesData = {
  rules: ContentRule[];
  options: Partial<Record<RuleCriterion, Option[]>>;
  /** The content types a rule may name (the tab's content choice list gives them). */
  typeOptions: { id: number; key: string }[];
  /** The new rule's type (`rtype`: an id, "all" or "" before it is chosen) and the contents it offers. */
  rtype: string;
  contents: { id: number; name: string; code: string | null }[];
  /** The new rule form's key: a post retried after its answer was lost adds one rule (docs/decisions/094). */
  idempotencyKey: string;
};

export async function rulesData(
  page: AssignmentPage,
  url: URL,
  typeOptions: RulesData["typeOptions"],
): Promise<RulesData> {
  const raw = url.searchParams.get("rtype") ?? "";
  const rtype = raw === "all" || /^\d{1,9}$/.test(raw) ? raw : "";
  const rfind = (url.searchParams.get("rfind") ?? "").trim();
  const [rules, choices, ...lists] = await Promise.all([
    page.api.get<ContentRule[]>(`${page.apiBase}content/rule/`).then((r) => r.data),
    page.canChange && rtype
      ? page.api
          .get<Choices>(`${page.apiBase}content/choice/`, {
            query: { ...(rtype !== "all" ? { content_type_id: rtype } : {}), ...(rfind ? { search: rfind } : {}) },
          })
          .then((r) => r.data)
      : null,
    ...FORM_CRITERIA.map((c) => optionsFor(page.api, RULE_SOURCES[c]!, c)),
  ]);
  return {
    rules,
    options: Object.fromEntries(FORM_CRITERIA.map((c, i) => [c, lists[i]])),
    typeOptions,
    rtype,
    contents: rtype !== "all" ? (choices?.results ?? []) : [],
    idempotencyKey: newIdempotencyKey(),
  };
}

/** The tab's rule intents: add-rule, remove-rule, match-rules (their flag: route-manifest.js CONTENT_POSTS). */
export async function ruleAction(
  page: Pick<AssignmentPage, "api" | "apiBase">,
  form: FormData,
  intent: string,
  here: string,
) {
  // Back to the tab without the new rule's step (its type and search), the other parameters kept.
  const url = new URL(here, "http://x");
  url.searchParams.delete("rtype");
  url.searchParams.delete("rfind");
  const back = `${url.pathname}${url.search}`;
  if (intent === "remove-rule") {
    const res = await page.api.delete(`${page.apiBase}content/rule/${formId(form)}/`, { accept: [404] });
    return toastAnswer(page, res, here, "asg_toast_rule_removed");
  }
  if (intent === "match-rules") {
    const res = await page.api.post(`${page.apiBase}content/rule/match/`, {});
    return toastAnswer(page, res, here, "asg_toast_rules_matched");
  }
  // add-rule: what the form posts, read by the contract's schema before it goes to the API.
  const body: Record<string, unknown> = {
    content_type_id: form.get("content_type_id"),
    content_list: form.getAll("content_list"),
    content_operator: form.get("content_operator"),
  };
  for (const c of RULE_CRITERIA)
    Object.assign(body, { [`${c}_list`]: form.getAll(`${c}_list`), [`${c}_operator`]: form.get(`${c}_operator`) });
  const parsed = contentRuleSchema.safeParse(body);
  if (!parsed.success)
    return redirectWithToast(
      here,
      { type: "error", message: parsed.error.issues[0]?.message ?? "invalid" },
      { headers: page.api.headers() },
    );
  const res = await page.api.post(`${page.apiBase}content/rule/`, parsed.data, {
    accept: [400],
    idempotencyKey: postedIdempotencyKey(form),
  });
  return toastAnswer(page, res, res.status >= 400 ? here : back, "asg_toast_rule_added");
}
