import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { AttemptRow, SlotQuestionRow, SlotRow, VerifyAnswerRow } from "../../contract/schemas/test-attempt";
import { markSchema, SCORE_MAX, VERIFY_VIEWS, type VerifyView } from "../../contract/schemas/test-attempt";
import type { Action } from "./content.server";
import { loadPagedList, zoneOffset } from "./enrollment.server";
import { invariantResponse, idParam } from "./invariant";
import { itemPage, itemPost, schemaConstraint, type ItemPage } from "./item-page.server";
import { SEARCH_KEY } from "./list-query";

/**
 * What a test's log tab and overall pages share on the server (issue 18 §1, docs/decisions/065):
 * the guard (summary, verify and approval need the view flag as well as change progress, spec
 * 002), the API reads, and the mark form's schema (reached through this module, so no zod goes to
 * the browser). A "slot" of the URLs is a section of the test.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { markSchema };
export type { AttemptRow, SlotQuestionRow, SlotRow, VerifyAnswerRow, VerifyView };

/** The mark form's constraints, the score bounded by the question's score. */
export const markConstraintFor = (max: number) => {
  const c = schemaConstraint(markSchema as never);
  return { ...c, score: { ...c.score, min: 0, max: Math.min(max, SCORE_MAX) } };
};

export type TestPage = ItemPage & { offset: number };

/** The test a page is about, for `action`; "progress" also needs the view flag (spec 002). */
export async function testPage(
  args: Pick<LoaderFunctionArgs, "request" | "params" | "context">,
  action: Action,
): Promise<TestPage> {
  const page = await itemPage(args as LoaderFunctionArgs, action);
  invariantResponse(page.can("view"), "Forbidden", { status: 403 });
  return { ...page, offset: await zoneOffset() };
}

/** What a post of these pages starts with; a post that is no readable form answers 400 with the refusal. */
export async function testPost(args: Parameters<typeof itemPost>[0], action: Action) {
  const post = await itemPost(args, action, (refusal) => data({ result: refusal.result }, { status: refusal.status }));
  if (!post.refused) invariantResponse(post.page.can("view"), "Forbidden", { status: 403 });
  return post;
}

/** Attempt list keys the API understands (besides page). */
const ATTEMPT_KEYS = [SEARCH_KEY, "status"] as const;

/** One page of the test's attempts, the URL's search, status and page passed on; `fixed` adds keys the page always asks. */
export const loadAttempts = (page: ItemPage, request: Request, fixed: Record<string, string> = {}) =>
  loadPagedList<AttemptRow>(page.api, `${page.apiBase}attempt/`, request, ATTEMPT_KEYS, fixed);

/** One attempt with its answers (404 when it is not the test's). */
export async function loadAttempt(page: ItemPage, attemptId: number) {
  const res = await page.api.get<AttemptRow & { answers: VerifyAnswerRow[] }>(`${page.apiBase}attempt/${attemptId}/`, {
    accept: [404],
  });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

/** The test's sections with their figures. */
export async function loadSlots(page: ItemPage): Promise<SlotRow[]> {
  return (await page.api.get<{ results: SlotRow[] }>(`${page.apiBase}slot/`)).data.results;
}

/** A `:slotid` that is one of the test's sections (404 otherwise), with its questions' figures. */
export async function loadSlot(page: ItemPage, slotid: string | undefined) {
  const res = await page.api.get<SlotRow & { questions: SlotQuestionRow[] }>(
    `${page.apiBase}slot/${idParam(slotid)}/`,
    { accept: [404] },
  );
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

/**
 * A slot's answers (of one question when given) in the view, one page of them. The view and the
 * question come from the page's path, so they are fixed keys: the URL's query is only its page
 * and answer (the "all" view once went into the query, where the list's canonical form drops
 * "all" as an empty filter, and the page redirected to itself).
 */
export const loadSlotAnswers = (
  page: ItemPage,
  slotId: number,
  request: Request,
  opts: { questionId?: number; view: VerifyView },
) =>
  loadPagedList<VerifyAnswerRow>(page.api, `${page.apiBase}slot/${slotId}/answer/`, request, [], {
    view: opts.view,
    ...(opts.questionId ? { question: String(opts.questionId) } : {}),
  });

/** The view a `:view_type` names (404 for any other). */
export function viewOf(raw: string | undefined): VerifyView {
  const view = raw ?? "waiting";
  invariantResponse((VERIFY_VIEWS as readonly string[]).includes(view), "Not Found", { status: 404 });
  return view as VerifyView;
}
