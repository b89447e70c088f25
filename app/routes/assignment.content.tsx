import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { AssignmentContent } from "../../contract/schemas/assignment";
import { DataTable } from "~/components/content/data-table";
import { CsrfInput } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { assignmentPage, assignmentPost, contentsOf, toastAnswer } from "~/lms/assignment.server";
import { formId } from "~/lms/item-page.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "assignment"] };

type Choices = { types: { id: number; key: string }[]; results: { id: number; name: string; code: string | null }[] };

/**
 * An assignment's (auto-assignment's, suggestion's) contents (spec 000 §2.10 "content"; spec 002
 * §7 POST {id}/content/ with content_type_id and content_list): the list, each removable, and an
 * add form — a GET form picks the content type and a search, then the matching contents are
 * ticked and posted. Plain forms: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const url = new URL(args.request.url);
  const ctype = url.searchParams.get("ctype") ?? "";
  const find = (url.searchParams.get("find") ?? "").trim();
  const [contents, choices] = await Promise.all([
    contentsOf(page),
    page.canChange ? page.api.get<Choices>(`${page.apiBase}content/choice/`, { query: { ...(/^\d{1,9}$/.test(ctype) ? { content_type_id: ctype } : {}), ...(find ? { search: find } : {}) } }).then((r) => r.data) : null,
  ]);
  const held = new Set(contents.map((c) => `${c.content_type_id}:${c.content_id}`));
  return data(
    {
      contents,
      canChange: page.canChange,
      types: choices?.types ?? [],
      choices: choices ? choices.results.filter((c) => !held.has(`${ctype}:${c.id}`)) : [],
      ctype,
    },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await assignmentPost(args);
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  if (intent === "remove") {
    const res = await page.api.delete(`${page.apiBase}content/${formId(form)}/`, { accept: [404] });
    return toastAnswer(page, res, here, "asg_toast_content_removed");
  }
  invariantResponse(intent === "add", "Bad Request");
  const list = form.getAll("content_list").map(String);
  invariantResponse(list.every((v) => /^\d{1,12}$/.test(v)), "Bad Request");
  const res = await page.api.post(`${page.apiBase}content/`, { content_type_id: String(form.get("content_type_id") ?? ""), content_list: list }, { accept: [400] });
  return toastAnswer(page, res, here, "asg_toast_content_added");
}

export default function AssignmentContentTab() {
  const { contents, canChange, types, choices, ctype } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const typeName = (key: string) => t(`asg_ctype_${key}`);
  return (
    <div className="space-y-6">
      <section aria-labelledby="content-title" className="space-y-3">
        <h2 id="content-title" className="text-lg font-semibold">
          {t("asg_content_title")} <span className="text-base font-normal text-slate-600">({contents.length})</span>
        </h2>
        <p className="text-sm text-slate-600">{t("asg_content_intro")}</p>
        <DataTable<AssignmentContent>
          caption={t("asg_content_title")}
          rows={contents}
          empty={t("asg_content_empty")}
          columns={[
            { key: "name", label: t("col_name"), render: (c) => c.name },
            { key: "code", label: t("col_code"), render: (c) => <span className="font-mono text-xs">{c.code}</span> },
            { key: "type", label: t("asg_col_content_type"), render: (c) => typeName(c.content_type) },
            ...(canChange
              ? [
                  {
                    key: "actions",
                    label: t("actions"),
                    className: "text-right",
                    render: (c: AssignmentContent) => (
                      <Form method="post">
                        <CsrfInput />
                        <input type="hidden" name="id" value={c.id} />
                        <button type="submit" name="intent" value="remove" disabled={busy} className="text-red-700 hover:underline" aria-label={t("asg_remove_named", { name: c.name })}>
                          {t("asg_remove")}
                        </button>
                      </Form>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </section>
      {canChange ? (
        <section aria-labelledby="content-add" className="space-y-3 rounded border border-slate-200 bg-white p-4">
          <h2 id="content-add" className="text-base font-semibold">
            {t("asg_content_add")}
          </h2>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <label className="text-sm">
              <span className="block font-medium text-slate-700">{t("asg_col_content_type")}</span>
              <select name="ctype" defaultValue={ctype} className="mt-1 rounded border border-slate-300 px-2 py-1.5">
                <option value="">{t("asg_choose_type")}</option>
                {types.map((x) => (
                  <option key={x.id} value={x.id}>
                    {typeName(x.key)}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              <span className="block font-medium text-slate-700">{t("asg_content_find")}</span>
              <input type="search" name="find" defaultValue={params.get("find") ?? ""} className="mt-1 rounded border border-slate-300 px-2 py-1.5" />
            </label>
            <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("asg_show_contents")}
            </button>
          </Form>
          {ctype ? (
            choices.length ? (
              <Form method="post" className="space-y-3">
                <CsrfInput />
                <input type="hidden" name="content_type_id" value={ctype} />
                <fieldset>
                  <legend className="mb-2 text-sm font-medium text-slate-700">{t("asg_content_choose")}</legend>
                  <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
                    {choices.map((c) => (
                      <li key={c.id}>
                        <label className="flex items-center gap-2 text-sm">
                          <input type="checkbox" name="content_list" value={c.id} className="h-4 w-4" />
                          {c.name} <span className="font-mono text-xs text-slate-600">({c.code})</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
                <button type="submit" name="intent" value="add" disabled={busy} className={PRIMARY_BUTTON}>
                  {t("asg_content_add_chosen")}
                </button>
              </Form>
            ) : (
              <p className="text-sm text-slate-600">{t("asg_content_none_found")}</p>
            )
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
