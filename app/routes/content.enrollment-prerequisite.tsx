import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { PrerequisiteAnswer } from "../../contract/schemas/content-enrollment";
import { DataTable } from "~/components/content/data-table";
import { PostButton } from "~/components/content/row-actions";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { FormErrors } from "~/components/form-basics";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access"] };

/**
 * The enrollment's prerequisites (issue 6 item 2): other content a learner must finish first —
 * items of the same type. The chosen ones with a remove button; a search among the others with an add
 * button. Each change saves the whole list (PUT); the API refuses the content itself and cycles.
 */
type Row = { id: number; name: string; code: string };
const SEARCH_SIZE = 20;

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "enrollment");
  const id = itemId(type, args.params);
  const search = (new URL(args.request.url).searchParams.get("search") ?? "").trim();
  const [{ data: chosen }, found] = await Promise.all([
    api.get<PrerequisiteAnswer>(`${type.api}${id}/enrollment/prerequisite/`),
    search
      ? api.get<Paged<Row>>(type.api, {
          query: { search, page_size: SEARCH_SIZE + 1, ordering: "name" },
          accept: [400],
        })
      : null,
  ]);
  const taken = new Set([id, ...chosen.results.map((r) => r.id)]);
  const candidates =
    found?.status === 200
      ? found.data.results
          .filter((r) => !taken.has(r.id))
          .slice(0, SEARCH_SIZE)
          .map(({ id: rid, name, code }) => ({ id: rid, name, code }))
      : [];
  return data(
    { chosen: chosen.results, search, candidates, more: (found?.data.count ?? 0) > SEARCH_SIZE },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "enrollment");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return data({ result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const target = Number(form.get("id"));
  invariantResponse(["add", "remove"].includes(intent) && Number.isInteger(target) && target >= 1, "Bad Request");
  const path = `${type.api}${id}/enrollment/prerequisite/`;
  const { data: current } = await api.get<PrerequisiteAnswer>(path);
  const ids = current.results.map((r) => r.id).filter((r) => r !== target);
  const url = new URL(args.request.url);
  const here = `${url.pathname}${url.search}`;
  const res = await api.call<Record<string, string[]>>("PUT", path, {
    body: { prerequisite_list: intent === "add" ? [...ids, target] : ids },
    accept: [400],
  });
  if (res.status === 400) {
    const message = Object.values(res.data ?? {}).flat()[0] ?? MSG.invalid;
    return redirectWithToast(here, { type: "error", message }, { headers: api.headers() });
  }
  return redirectWithToast(
    here,
    { type: "success", message: intent === "add" ? "acc_toast_prerequisite_added" : "acc_toast_prerequisite_removed" },
    { headers: api.headers() },
  );
}

export default function PrerequisiteTab() {
  const refused = useActionData<typeof action>();
  const { chosen, search, candidates, more } = useLoaderData<typeof loader>();
  const { t } = useContentTranslation();
  return (
    <div className="space-y-6">
      <section aria-labelledby="prerequisite-title" className="space-y-3">
        <div>
          <h2 id="prerequisite-title" className="text-lg font-semibold">
            {t("acc_prerequisite_title")}
          </h2>
          <p className="text-sm text-slate-600">{t("acc_prerequisite_intro")}</p>
        </div>
        <FormErrors result={refused?.result} t={t} />
        <DataTable
          caption={t("acc_prerequisite_title")}
          rows={chosen}
          empty={t("acc_prerequisite_empty")}
          columns={[
            { key: "name", label: t("col_name"), render: (r) => r.name },
            { key: "code", label: t("col_code"), render: (r) => <span className="font-mono text-xs">{r.code}</span> },
            {
              key: "actions",
              label: t("actions"),
              className: "text-right",
              render: (r) => (
                <PostButton
                  intent="remove"
                  fields={{ id: r.id }}
                  label={t("acc_remove")}
                  ariaLabel={t("acc_remove_named", { name: r.name })}
                />
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="prerequisite-add" className="space-y-3">
        <h3 id="prerequisite-add" className="text-base font-semibold">
          {t("acc_prerequisite_add")}
        </h3>
        <Form method="get" className="flex max-w-xl gap-2" role="search">
          <label htmlFor="prerequisite-search" className="sr-only">
            {t("acc_prerequisite_search")}
          </label>
          <input
            id="prerequisite-search"
            type="search"
            name="search"
            defaultValue={search}
            placeholder={t("search_placeholder")}
            className="block w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          />
          <button
            type="submit"
            className="rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50"
          >
            {t("search")}
          </button>
        </Form>
        {search ? (
          <DataTable
            caption={t("acc_prerequisite_results")}
            rows={candidates}
            empty={t("acc_prerequisite_none_found")}
            columns={[
              { key: "name", label: t("col_name"), render: (r) => r.name },
              { key: "code", label: t("col_code"), render: (r) => <span className="font-mono text-xs">{r.code}</span> },
              {
                key: "actions",
                label: t("actions"),
                className: "text-right",
                render: (r) => (
                  <PostButton
                    intent="add"
                    fields={{ id: r.id }}
                    label={t("acc_add")}
                    ariaLabel={t("acc_add_named", { name: r.name })}
                  />
                ),
              },
            ]}
          />
        ) : (
          <p className="text-sm text-slate-600">{t("acc_prerequisite_search_hint")}</p>
        )}
        {more ? <p className="text-xs text-slate-600">{t("acc_prerequisite_more")}</p> : null}
      </section>
    </div>
  );
}
