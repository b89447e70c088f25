import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { MSG } from "../../contract/messages";
import type { AssignmentContent } from "../../contract/schemas/assignment";
import { itemPage, itemPost } from "./item-page.server";
import { redirectWithToast } from "./toast.server";
import { dash } from "./paths";

/**
 * What the assignment tabs share (routes/assignment.*.tsx; docs/decisions/051): the item page with
 * what the user may change, the item's contents, and an API answer turned into a toast. The three
 * kinds (assignment, auto-assignment, suggestion) reach their own API path through the registry.
 */
export async function assignmentPage(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const page = await itemPage(args, "view");
  return {
    ...page,
    canChange: page.can("change"),
    key: page.type.key as "assignment" | "auto_assignment" | "suggestion",
  };
}
export type AssignmentPage = Awaited<ReturnType<typeof assignmentPage>>;

/** The item's contents (its content tab's list). */
export const contentsOf = async (page: AssignmentPage) =>
  (await page.api.get<AssignmentContent[]>(`${page.apiBase}content/`)).data;

/** An action of a tab: the change flag, the posted form (CSRF checked), its intent. */
export async function assignmentPost(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", (refusal) =>
    data({ error: refusal.message }, { status: refusal.status }),
  );
  return post;
}

/** A write's answer as a toast back to `to`: its first refusal (a field's or `detail`), or `ok`. */
export function toastAnswer(
  page: Pick<AssignmentPage, "api">,
  res: { status: number; data: unknown },
  to: string,
  ok: string,
  values?: Record<string, string | number>,
) {
  if (res.status >= 400) {
    const body = (res.data ?? {}) as Record<string, unknown>;
    const first = Object.values(body).flat()[0];
    return redirectWithToast(
      to,
      { type: "error", message: typeof first === "string" ? first : MSG.invalid },
      { headers: page.api.headers() },
    );
  }
  return redirectWithToast(
    to,
    { type: "success", message: ok, ...(values ? { values } : {}) },
    { headers: page.api.headers() },
  );
}

/** The learner page opened after assigning (spec 001 §1): its contentName and backPath, the kind's list to go back to. */
export function learnerPageUrl(page: AssignmentPage, contentName: string | undefined) {
  const q = new URLSearchParams();
  if (contentName) q.set("contentName", contentName);
  q.set("backPath", dash(page.type.segment));
  return `${page.base}/learner/?${q}`;
}

/** A backPath a page may link to: a dashboard path only (never another site). */
export function safeBackPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith("/dashboard/") || raw.includes("//") || raw.includes("\\")) return null;
  return raw;
}
