import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import { SEQUENCE_CONTENT_TYPES, type SequenceContentType } from "../../contract/sequence-codes";
import type { SequenceContent } from "../../contract/schemas/sequence";
import { sequenceAddSchema, sequenceFormSchema } from "~/lms/schemas.server";
import { TableTab } from "~/components/content/table-tab";
import { CsrfInput, ErrorList } from "~/components/forms";
import { IdempotencyInput } from "~/components/idempotency-input";
import { useSubmitting } from "~/components/use-submitting";
import { CONTENT_TYPES } from "~/registry/content.js";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { tableTabAction } from "~/lms/extras.server";
import { errorsAt } from "~/lms/form-result";
import { newIdempotencyKey } from "~/lms/idempotency.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras", "sequence"] };

/**
 * The curriculum of a learning path or an onboarding plan: the engine's sequence (issue 36,
 * docs/decisions/098, 099). Its contents in order, each linked to its own page, with what a
 * learner completes first, the content it sits under, its name in the plan and its anonymity.
 * With the change flag: add a content of any type a sequence may hold (the type and a search are a
 * GET form, whose answer lists that type's first 100 matching contents by name), move one up or
 * down, set its dependencies, parent, name and anonymity (the row's edit form; a circle is
 * refused naming its contents), remove one with a confirmation step. Plain forms: all of it works
 * without JavaScript.
 */
type Cycle = { id: number; name: string }[];

const segmentOf = new Map(CONTENT_TYPES.map((t) => [t.key, t]));
const isHeldType = (v: string | null): v is SequenceContentType =>
  (SEQUENCE_CONTENT_TYPES as readonly string[]).includes(v ?? "");

export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const url = new URL(args.request.url);
  const canChange = allows(type, permission, "change");
  const chosen = isHeldType(url.searchParams.get("content_type"))
    ? (url.searchParams.get("content_type") as SequenceContentType)
    : "course";
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const { data: rows } = await api.get<SequenceContent[]>(`${type.api}${id}/content/`);
  // The chosen type's contents, as its own list gives them to this account (its view flag and scope).
  const options = canChange
    ? await api.get<Paged<{ id: number; name: string; code: string }>>(`${segmentOf.get(chosen)!.api}`, {
        query: { page_size: 100, ordering: "name", ...(search ? { search } : {}) },
        accept: [403],
      })
    : null;
  const held = new Set(rows.filter((r) => r.content_type === chosen).map((r) => r.content_id));
  return data(
    {
      rows: rows.map((r) => ({
        ...r,
        href: segmentOf.has(r.content_type) ? dash(`${segmentOf.get(r.content_type)!.segment}/${r.content_id}`) : null,
      })),
      canChange,
      chosen,
      search,
      choices: options?.status === 200 ? options.data.results.filter((o) => !held.has(o.id)) : [],
      refused: options?.status === 403,
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return tableTabAction(args, {
    path: "content",
    create: sequenceAddSchema,
    // A move (direction) or the row's settings; a refused circle comes back with its contents, in order.
    update: sequenceFormSchema,
    toasts: { create: "seq_toast_added", delete: "seq_toast_removed" },
    details: ["cycle"],
  });
}

const small = "rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50 disabled:opacity-40";

/** One move button: a form of its own, so it posts without JavaScript. */
function Move({ row, direction, disabled }: { row: SequenceContent; direction: "up" | "down"; disabled: boolean }) {
  const { t } = useContentTranslation();
  const busy = useSubmitting();
  return (
    <Form method="post" className="inline">
      <CsrfInput />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className={small}
        disabled={disabled || busy}
        aria-label={t(direction === "up" ? "seq_move_up_named" : "seq_move_down_named", { name: row.name })}
      >
        {direction === "up" ? "↑" : "↓"}
      </button>
    </Form>
  );
}

export default function SequenceTab() {
  const { rows, canChange, chosen, search, choices, refused, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useContentTranslation();
  const busy = useSubmitting();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const added = answer && "form" in answer && answer.form === "add" ? answer.result : null;
  const tr = (list?: string[]) => list?.map((e) => t(e));
  const cycle = answer && "details" in answer ? (answer.details?.cycle as Cycle | undefined) : undefined;
  // Which circle it was: the parent's when the refusal names that field.
  const cycleField =
    cycle && answer && "result" in answer && errorsAt(answer.result, "content_parent") ? "content_parent" : null;
  return (
    <div className="space-y-6">
      {cycle ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {t(cycleField === "content_parent" ? "seq_err_parent_cycle" : "seq_err_depend_cycle")}{" "}
          {t("seq_cycle_names", { names: cycle.map((c) => c.name).join(" → ") })}
        </p>
      ) : null}
      <TableTab
        title={t("tab_curriculum")}
        intro={t("seq_curriculum_intro")}
        rows={rows}
        rowName={(r) => r.name}
        columns={[
          {
            key: "order",
            label: t("seq_col_order"),
            className: "w-24 whitespace-nowrap",
            render: (r) => (
              <span className="inline-flex items-center gap-1">
                <span className="w-5 text-slate-600">{r.position}</span>
                {canChange ? (
                  <>
                    <Move row={r} direction="up" disabled={r.position === 1} />
                    <Move row={r} direction="down" disabled={r.position === rows.length} />
                  </>
                ) : null}
              </span>
            ),
          },
          {
            key: "name",
            label: t("col_name"),
            render: (r) => (
              <>
                {r.href ? (
                  <a href={r.href} className="font-medium text-primary hover:underline">
                    {r.name}
                  </a>
                ) : (
                  r.name
                )}
                {r.name !== r.content_name ? (
                  <span className="block text-xs text-slate-600">{t("seq_own_name", { name: r.content_name })}</span>
                ) : null}
              </>
            ),
          },
          {
            key: "code",
            label: t("col_code"),
            render: (r) => <span className="whitespace-nowrap font-mono text-xs">{r.code}</span>,
          },
          { key: "type", label: t("seq_col_type"), render: (r) => t(`content_${r.content_type}`) },
          {
            key: "parent",
            label: t("seq_col_parent"),
            render: (r) => (r.content_parent ? (names.get(r.content_parent) ?? r.content_parent) : t("seq_none")),
          },
          {
            key: "depends",
            label: t("seq_col_depends"),
            render: (r) =>
              r.depend_content_id_list.length
                ? r.depend_content_id_list.map((d) => names.get(d) ?? d).join(", ")
                : t("seq_none"),
          },
          {
            key: "anonymous",
            label: t("seq_col_anonymous"),
            render: (r) => t(r.is_anonymous ? "seq_anonymous_yes" : "seq_anonymous_no"),
          },
        ]}
        canChange={canChange}
        add={null}
        edit={{
          fields: (row) => {
            const others = rows
              .filter((r) => r.id !== row.id)
              .map((r) => ({ value: String(r.id), label: `${r.position}. ${r.name}` }));
            return [
              { name: "name", label: t("seq_field_name"), kind: "text", hint: t("seq_hint_name") },
              {
                name: "content_parent",
                label: t("seq_field_parent"),
                kind: "select",
                options: [{ value: "", label: t("seq_none") }, ...others],
                hint: t("seq_hint_parent"),
              },
              {
                name: "depend_content_id_list",
                label: t("seq_field_depend_list"),
                kind: "multiselect",
                options: others,
                hint: t("seq_hint_depend_list"),
              },
              {
                name: "is_anonymous",
                label: t("seq_field_anonymous"),
                kind: "checkbox",
                hint: t("seq_hint_anonymous"),
              },
            ];
          },
          values: (r) => ({
            name: r.name === r.content_name ? "" : r.name,
            content_parent: r.content_parent ? String(r.content_parent) : "",
            depend_content_id_list: r.depend_content_id_list.map(String),
            is_anonymous: r.is_anonymous,
          }),
        }}
        remove={{
          label: t("seq_remove"),
          text: (r) =>
            [t("seq_remove_text", { name: r.name }), rows.length === 1 ? t("seq_remove_last") : ""].join(" ").trim(),
        }}
        answer={answer && "form" in answer && answer.form === "add" ? null : answer}
        empty={t("seq_curriculum_empty")}
      />
      {canChange ? (
        <section
          aria-labelledby="lp-add-title"
          className="max-w-3xl space-y-3 rounded border border-slate-200 bg-white p-4"
        >
          <h3 id="lp-add-title" className="text-base font-semibold">
            {t("seq_add_title")}
          </h3>
          {/* The type is a GET: its answer lists that type's contents, with or without JavaScript. */}
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col text-sm">
              <span className="font-medium">{t("seq_field_content_type")}</span>
              <select name="content_type" defaultValue={chosen} className="rounded border border-slate-300 px-2 py-1">
                {SEQUENCE_CONTENT_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`content_${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col text-sm">
              <span className="font-medium">{t("seq_field_search")}</span>
              <input
                type="search"
                name="search"
                defaultValue={search}
                maxLength={100}
                className="rounded border border-slate-300 px-2 py-1"
              />
            </label>
            <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50">
              {t("seq_show_contents")}
            </button>
          </Form>
          {refused ? (
            <p className="text-sm text-slate-600">{t("seq_contents_refused")}</p>
          ) : choices.length === 0 ? (
            <p className="text-sm text-slate-600">{t("seq_contents_none")}</p>
          ) : (
            <Form key={rows.map((r) => r.id).join(",")} method="post" noValidate className="space-y-3">
              <CsrfInput />
              <IdempotencyInput value={idempotencyKey} />
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="content_type" value={chosen} />
              <ErrorList errors={tr(errorsAt(added, ""))} />
              <label className="flex flex-col text-sm">
                <span className="font-medium">
                  {t("seq_field_content")} ({t(`content_${chosen}`)})
                </span>
                <select
                  name="content_id"
                  required
                  aria-invalid={errorsAt(added, "content_id") ? true : undefined}
                  aria-describedby={errorsAt(added, "content_id") ? "lp-content-error" : undefined}
                  className="rounded border border-slate-300 px-2 py-1"
                >
                  <option value="">{t("choose")}</option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({c.code})
                    </option>
                  ))}
                </select>
              </label>
              {errorsAt(added, "content_id") ? (
                <p id="lp-content-error" className="text-sm text-red-700">
                  {tr(errorsAt(added, "content_id"))?.join(" ")}
                </p>
              ) : null}
              <button
                type="submit"
                disabled={busy}
                className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
              >
                {t("seq_add_submit")}
              </button>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
