import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Live, LiveRow } from "../../contract/schemas/live";
import { answerHolds } from "../../contract/permissions";
import { MSG } from "../../contract/messages";
import { requirePermission, requireScreen } from "./auth.server";
import { requireCsrf } from "./csrf.server";
import { loadPagedList } from "./enrollment.server";
import { formId } from "./item-page.server";
import { invariantResponse } from "./invariant";
import { dash } from "./paths";
import { readForm, refusalAnswer } from "./read-form.server";
import { apiFieldErrors } from "./content-form.server";
import { redirectWithToast } from "./toast.server";

/**
 * The server half of a live's recordings kept (spec 000 §2.7 /live_backup…; docs/decisions/066):
 * the list (the live list's kept ones), keeping one (an ended, recorded live chosen from the
 * API's candidates), and one recording's pages — publish (show or hide it to learners, stop
 * keeping it) and the live it was recorded from.
 */

const FLAGS = { change: "live_change_live", publish: "live_publish_live" } as const;
export type Candidate = { id: number; name: string; code: string; status: number; datetime_live_end: string };

export async function backupListLoader(args: LoaderFunctionArgs) {
  const user = await requireScreen(args, "live-backup");
  const { list, badQuery } = await loadPagedList<LiveRow>(
    user.api,
    "dashboard/live/?is_backup=true&ordering=-datetime_update",
    args.request,
    ["search"],
  );
  return data(
    { list, badQuery, canChange: answerHolds(user.permission, FLAGS.change) },
    { headers: user.api.headers() },
  );
}

export async function backupCreateLoader(args: LoaderFunctionArgs) {
  const user = await requireScreen(args, "live-backup-create");
  const { data: answer } = await user.api.get<{ results: Candidate[] }>("dashboard/live_backup/candidate/");
  return data({ candidates: answer.results }, { headers: user.api.headers() });
}

export async function backupCreateAction(args: ActionFunctionArgs) {
  const user = await requirePermission(args, FLAGS.change);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(user.api, form);
  invariantResponse(String(form.get("intent") ?? "create") === "create", "Bad Request");
  const live = String(form.get("live") ?? "");
  if (!/^\d{1,9}$/.test(live))
    return data({ errors: { live: [MSG.required] } as Record<string, string[]> }, { status: 400 });
  const res = await user.api.post<Live>("dashboard/live_backup/", { live: Number(live) }, { accept: [400] });
  if (res.status === 400)
    return data(
      { errors: apiFieldErrors(res.data as unknown as Record<string, unknown>).fieldErrors },
      { status: 400, headers: user.api.headers() },
    );
  return redirectWithToast(
    dash(`live_backup/${res.data.id}/publish`),
    { type: "success", message: "live_backup_created" },
    { headers: user.api.headers() },
  );
}

const liveIdOf = (params: Record<string, string | undefined>) => {
  invariantResponse(/^\d{1,9}$/.test(params.liveid ?? ""), "Not Found", { status: 404 });
  return Number(params.liveid);
};

export async function backupItemLoader(args: LoaderFunctionArgs) {
  const user = await requireScreen(args, "live-backup-item");
  const id = liveIdOf(args.params);
  const path = new URL(args.request.url).pathname;
  // The bare recording's URL is its publish page.
  if (!/\/(publish|live)\/?$/.test(path))
    throw redirect(dash(`live_backup/${id}/publish`), { headers: user.api.headers() });
  const res = await user.api.get<Live>(`dashboard/live/${id}/`, { accept: [404] });
  invariantResponse(res.status === 200 && res.data.is_backup, "Not Found", {
    status: 404,
    headers: user.api.headers(),
  });
  return data(
    {
      item: res.data,
      tab: path.endsWith("/live") || path.endsWith("/live/") ? "live" : "publish",
      canPublish: answerHolds(user.permission, FLAGS.publish),
      canChange: answerHolds(user.permission, FLAGS.change),
    },
    { headers: user.api.headers() },
  );
}

export async function backupItemAction(args: ActionFunctionArgs) {
  const { form, refusal } = await readForm(args.request);
  const intent = String(form?.get("intent") ?? "");
  const user = await requirePermission(args, intent === "remove" ? FLAGS.change : FLAGS.publish);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(user.api, form);
  const id = liveIdOf(args.params);
  const here = new URL(args.request.url).pathname;
  if (intent === "remove") {
    await user.api.delete(`dashboard/live_backup/${id}/`);
    return redirectWithToast(
      dash("live_backup"),
      { type: "success", message: "live_backup_removed" },
      { headers: user.api.headers() },
    );
  }
  invariantResponse(intent === "show" || intent === "hide", "Bad Request");
  invariantResponse(formId(form, "live") === id, "Bad Request");
  await user.api.patch(`dashboard/live_backup/${id}/`, { is_display: intent === "show" });
  return redirectWithToast(here, { type: "success", message: "live_backup_saved" }, { headers: user.api.headers() });
}
