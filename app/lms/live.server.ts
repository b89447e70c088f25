import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Live, LiveQuestion, LiveStream } from "../../contract/schemas/live";
import type { TransitionKind } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import { loadPagedList } from "./enrollment.server";
import { formId, itemPage, itemPost } from "./item-page.server";
import { invariantResponse } from "./invariant";
import { redirectWithToast } from "./toast.server";

/**
 * The server half of a live's own pages (docs/decisions/066): its information, its stream (details,
 * learners counted by progress, the learners), and its questions (the stream's or all of them),
 * which an administrator marks answered or hides. Every page reads the API with the user's session;
 * the API checks the same flags again.
 */

export type LiveStreamAnswer = {
  status: number;
  download_status: number;
  video_url: string;
  datetime_live_start: string;
  datetime_live_end: string;
  stream: LiveStream;
  transition_kind: TransitionKind;
  progress: { status: number; count: number; allowed_status: number[] }[] | null;
};
export type StreamLearner = {
  id: number;
  account: { id: number; username: string; first_name: string; last_name: string };
  status: number;
  has_joined: boolean;
  datetime_start: string | null;
};

export async function informationLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const item = (await page.api.get<Live>(page.apiBase)).data;
  return data({ item, base: page.base, canChange: page.can("change") }, { headers: page.api.headers() });
}

/** The stream page (view), or its progress page (the progress flag: learners counted by status, as the overall figures). */
export const streamLoader = (args: LoaderFunctionArgs) => stream(args, "view");
export const streamProgressLoader = (args: LoaderFunctionArgs) => stream(args, "progress");

async function stream(args: LoaderFunctionArgs, action: "view" | "progress") {
  const page = await itemPage(args, action);
  const stream = (await page.api.get<LiveStreamAnswer>(`${page.apiBase}stream/`)).data;
  return data({ stream, base: page.base, canProgress: page.can("progress") }, { headers: page.api.headers() });
}

export async function streamLearnerLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "learner");
  const { list, badQuery } = await loadPagedList<StreamLearner>(
    page.api,
    `${page.apiBase}stream/learner/`,
    args.request,
    [],
  );
  return data({ list, badQuery }, { headers: page.api.headers() });
}

/** overall/question shows every question; stream/question the stream's (hidden ones left out). */
const scopeOf = (request: Request) => (new URL(request.url).pathname.includes("/overall/") ? "all" : "stream");

export async function questionLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const scope = scopeOf(args.request);
  const url = new URL(args.request.url);
  const answered = url.searchParams.get("is_answered");
  const path = `${page.apiBase}question/?scope=${scope}${answered === "true" || answered === "false" ? `&is_answered=${answered}` : ""}`;
  const { list, badQuery } = await loadPagedList<LiveQuestion>(page.api, path, args.request, []);
  return data({ list, badQuery, scope, answered, canChange: page.can("change") }, { headers: page.api.headers() });
}

/** What each intent sends (PATCH question/{id}/). */
const INTENTS: Record<string, { is_answered?: boolean; is_hidden?: boolean }> = {
  answer: { is_answered: true },
  reopen: { is_answered: false },
  hide: { is_hidden: true },
  show: { is_hidden: false },
};

export async function questionAction(args: ActionFunctionArgs) {
  const post = await itemPost(args, "change", () => data({ error: MSG.invalid }, { status: 400 }));
  if (post.refused) return post.refused;
  const body = INTENTS[post.intent];
  invariantResponse(body, "Bad Request");
  const { page, form, here } = post;
  const res = await page.api.patch(`${page.apiBase}question/${formId(form)}/`, body, { accept: [404] });
  if (res.status === 404)
    return redirectWithToast(
      here,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: page.api.headers() },
    );
  return redirectWithToast(here, { type: "success", message: "live_question_saved" }, { headers: page.api.headers() });
}
