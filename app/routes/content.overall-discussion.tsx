import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { DiscussionThread, DiscussionThreadRow } from "../../contract/schemas/overall";
import { MSG } from "../../contract/messages";
import { DataTable } from "~/components/content/data-table";
import { ConfirmDelete } from "~/components/content/dialogs";
import { Pager } from "~/components/content/pager";
import { QueryFilters } from "~/components/content/query-filters";
import { PostButton } from "~/components/content/row-actions";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { FormErrors } from "~/components/form-basics";
import { readForm } from "~/lms/read-form.server";
import { canonicalListQuery, withParam } from "~/lms/list-query";
import { readListPage } from "~/lms/paging.server";
import { zoneOffset } from "~/lms/zone.server";
import { formatInstant } from "~/lms/format";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The discussion of a content item (spec 000 §2.5 overall "discussion"; issue 6 item 6): its
 * threads — searchable, filterable by shown/hidden, paged — and, for the thread named by
 * `?thread={id}`, its replies. Moderators (the content's change flag) hide, show and delete
 * threads and replies; deleting asks first (`?remove=thread-{id}` / `reply-{id}`). Plain links
 * and forms throughout, so it works without JavaScript.
 */
const FILTERS = ["search", "is_hidden", "ordering", "page"] as const;
const idParam = (v: string | null) => (v && /^\d{1,12}$/.test(v) ? Number(v) : null);

export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const url = new URL(args.request.url);
  const canonical = canonicalListQuery(url.searchParams);
  if (canonical) throw redirect(`${url.pathname}${canonical.size ? `?${canonical}` : ""}`);
  const q = url.searchParams;
  const query: Record<string, string | number> = {};
  for (const k of FILTERS) if (k !== "page" && q.get(k)) query[k] = q.get(k)!;
  const base = `${type.api}${id}/discussion/`;
  const threadId = idParam(q.get("thread"));
  // spec 002 §8: a page past the last lands on the last one (paging.server.ts).
  const [list, thread] = await Promise.all([
    readListPage<Paged<DiscussionThreadRow>>(api, base, { url, query, accept: [400, 404] }),
    threadId ? api.get<DiscussionThread>(`${base}${threadId}/`, { accept: [404] }) : null,
  ]);
  return data(
    {
      list: list.status === 200 ? list.data : { results: [], count: 0, page_size: 50, next: null, page: 1 },
      badQuery: list.status === 400,
      thread: thread?.status === 200 ? thread.data : null,
      canModerate: allows(type, permission, "change"),
      offset: await zoneOffset(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return data({ result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const url = new URL(args.request.url);
  const intent = String(form.get("intent") ?? "");
  const target = idParam(String(form.get("id") ?? ""));
  const match = /^(hide|show|delete)-(thread|reply)$/.exec(intent);
  invariantResponse(match && target !== null, "Bad Request");
  const [, act, kind] = match;
  const thread = kind === "thread" ? target : idParam(url.searchParams.get("thread"));
  invariantResponse(thread !== null, "Bad Request");
  const path = `${type.api}${id}/discussion/${thread}/${kind === "reply" ? `reply/${target}/` : ""}`;
  const back = new URLSearchParams(url.search);
  back.delete("remove");
  if (act === "delete" && kind === "thread") back.delete("thread");
  const to = `${url.pathname}${back.size ? `?${back}` : ""}`;
  const res =
    act === "delete"
      ? await api.delete(path, { accept: [404] })
      : await api.patch(path, { is_hidden: act === "hide" }, { accept: [404] });
  if (res.status === 404)
    return redirectWithToast(to, { type: "error", message: MSG.not_found, status: 404 }, { headers: api.headers() });
  const message = act === "delete" ? "toast_deleted" : act === "hide" ? "toast_hidden" : "toast_shown";
  return redirectWithToast(to, { type: "success", message }, { headers: api.headers() });
}

function HiddenBadge({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs ${hidden ? "bg-slate-200 text-slate-800" : "bg-emerald-50 text-emerald-800"}`}
    >
      {t(hidden ? "state_hidden" : "state_shown")}
    </span>
  );
}

function ToggleButton({
  kind,
  id,
  name,
  hidden,
}: {
  kind: "thread" | "reply";
  id: number;
  name: string;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PostButton
      intent={`${hidden ? "show" : "hide"}-${kind}`}
      fields={{ id }}
      label={t(hidden ? "ext_action_show" : "ext_action_hide")}
      ariaLabel={t(hidden ? "action_show_named" : "action_hide_named", { name })}
    />
  );
}

export default function DiscussionPage() {
  const refused = useActionData<typeof action>();
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const when = (iso: string) => formatInstant("dateTime", i18n.language, iso, d.offset);
  const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
  const remove = params.get("remove") ?? "";
  const removeThread = /^thread-(\d+)$/.exec(remove);
  const removeReply = /^reply-(\d+)$/.exec(remove);
  const pendingThread = removeThread
    ? (d.list.results.find((r) => r.id === Number(removeThread[1])) ??
      (d.thread?.id === Number(removeThread[1]) ? d.thread : null))
    : null;
  const pendingReply = removeReply ? (d.thread?.reply_list.find((r) => r.id === Number(removeReply[1])) ?? null) : null;
  return (
    <section aria-labelledby="discussion-title" className="space-y-4">
      <h2 id="discussion-title" className="text-lg font-semibold text-slate-900">
        {t("overall_discussion")}
      </h2>
      <FormErrors result={refused?.result} t={t} />
      <QueryFilters
        id="discussion-filters"
        keep={["ordering"]}
        placeholder={t("ext_discussion_search")}
        selects={[
          {
            name: "is_hidden",
            label: t("ext_filter_visibility"),
            options: [
              { value: "false", label: t("state_shown") },
              { value: "true", label: t("state_hidden") },
            ],
          },
        ]}
      />
      {d.badQuery ? (
        <p className="text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      <DataTable
        caption={t("ext_discussion_threads")}
        empty={t("ext_discussion_empty")}
        rows={d.list.results}
        columns={[
          {
            key: "title",
            label: t("ext_col_thread"),
            sort: "title",
            render: (r) => (
              <a
                href={withParam(params, "thread", String(r.id)).replace(/^\?$/, "")}
                className="font-medium text-slate-900 hover:underline"
                aria-current={d.thread?.id === r.id ? "true" : undefined}
              >
                {r.title}
              </a>
            ),
          },
          { key: "author", label: t("ext_col_author"), render: (r) => r.account.name },
          { key: "replies", label: t("ext_col_replies"), className: "text-right", render: (r) => r.reply_count },
          {
            key: "activity",
            label: t("ext_col_last_activity"),
            sort: "datetime_last_activity",
            render: (r) => <time dateTime={r.datetime_last_activity}>{when(r.datetime_last_activity)}</time>,
          },
          { key: "state", label: t("ext_col_visibility"), render: (r) => <HiddenBadge hidden={r.is_hidden} /> },
          ...(d.canModerate
            ? [
                {
                  key: "actions",
                  label: t("actions"),
                  className: "whitespace-nowrap text-right",
                  render: (r: DiscussionThreadRow) => (
                    <span className="inline-flex items-center gap-3">
                      <ToggleButton kind="thread" id={r.id} name={r.title} hidden={r.is_hidden} />
                      <a
                        href={withParam(params, "remove", `thread-${r.id}`)}
                        className="text-red-700 hover:underline"
                        aria-label={t("action_delete_named", { name: r.title })}
                      >
                        {t("action_delete")}
                      </a>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />

      {d.thread ? (
        <article aria-labelledby="thread-title" className="space-y-3 rounded border border-slate-200 bg-white p-5">
          <header className="flex flex-wrap items-start gap-3">
            <div className="min-w-0 flex-1">
              <h3 id="thread-title" className="text-base font-semibold">
                {d.thread.title}
              </h3>
              <p className="text-xs text-slate-600">
                {d.thread.account.name} ·{" "}
                <time dateTime={d.thread.datetime_create}>{when(d.thread.datetime_create)}</time>
              </p>
            </div>
            <HiddenBadge hidden={d.thread.is_hidden} />
            <a href={withParam(params, "thread", null)} className="text-sm text-primary underline">
              {t("ext_close_thread")}
            </a>
          </header>
          <p className="whitespace-pre-line text-sm text-slate-800">{d.thread.body}</p>
          <h4 className="pt-2 text-sm font-semibold text-slate-700">
            {t("ext_replies", { count: d.thread.reply_list.length })}
          </h4>
          {d.thread.reply_list.length ? (
            <ol className="space-y-2" aria-label={t("ext_replies", { count: d.thread.reply_list.length })}>
              {d.thread.reply_list.map((r) => (
                <li
                  key={r.id}
                  className={`rounded border p-3 ${r.is_hidden ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-200"}`}
                >
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span className="font-medium text-slate-800">{r.account.name}</span>
                    <time dateTime={r.datetime_create}>{when(r.datetime_create)}</time>
                    <HiddenBadge hidden={r.is_hidden} />
                    {d.canModerate ? (
                      <span className="ml-auto inline-flex items-center gap-3">
                        <ToggleButton kind="reply" id={r.id} name={excerpt(r.body)} hidden={r.is_hidden} />
                        <a
                          href={withParam(params, "remove", `reply-${r.id}`)}
                          className="text-red-700 hover:underline"
                          aria-label={t("action_delete_named", { name: excerpt(r.body) })}
                        >
                          {t("action_delete")}
                        </a>
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{r.body}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600">{t("ext_no_replies")}</p>
          )}
        </article>
      ) : null}

      {d.canModerate && pendingThread ? (
        <ConfirmDelete
          item={{ id: pendingThread.id, name: pendingThread.title }}
          param="remove"
          intent="delete-thread"
          text={t("ext_delete_thread_text", { name: pendingThread.title })}
        />
      ) : null}
      {d.canModerate && pendingReply ? (
        <ConfirmDelete
          item={{ id: pendingReply.id, name: excerpt(pendingReply.body) }}
          param="remove"
          intent="delete-reply"
          text={t("ext_delete_reply_text", { name: excerpt(pendingReply.body) })}
        />
      ) : null}
    </section>
  );
}
