import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { AssignmentContent } from "../../contract/schemas/assignment";
import { DataTable } from "~/components/content/data-table";
import { CsrfInput } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { ContentRules } from "~/components/assignment/content-rules";
import { TypeSearchForm } from "~/components/assignment/type-search-form";
import { assignmentPage, assignmentPost, contentsOf, toastAnswer } from "~/lms/assignment.server";
import { ruleAction, rulesData } from "~/lms/assignment-rules.server";
import { formId } from "~/lms/item-page.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "assignment"] };

type Choices = { types: { id: number; key: string }[]; results: { id: number; name: string; code: string | null }[] };

/**
 * An assignment's (auto-assignment's, suggestion's) contents (spec 000 §2.10 "content"; spec 002
 * §7 POST {id}/content/ with content_type_id and content_list): the list, each removable, and an
 * add form — a GET form picks the content type and a search, then the matching contents are
 * ticked and posted. An auto-assignment adds its content rules (docs/decisions/059): the contents
 * they bring are listed here too, marked with their rule. Plain forms: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const url = new URL(args.request.url);
  const ctype = url.searchParams.get("ctype") ?? "";
  const find = (url.searchParams.get("find") ?? "").trim();
  const [contents, choices] = await Promise.all([
    contentsOf(page),
    page.canChange
      ? page.api
          .get<Choices>(`${page.apiBase}content/choice/`, {
            query: {
              ...(/^\d{1,9}$/.test(ctype) ? { content_type_id: ctype } : {}),
              ...(find ? { search: find } : {}),
            },
          })
          .then((r) => r.data)
      : null,
  ]);
  const held = new Set(contents.map((c) => `${c.content_type_id}:${c.content_id}`));
  const rules = page.key === "auto_assignment" ? await rulesData(page, url, choices?.types ?? []) : null;
  return data(
    {
      contents,
      rules,
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
  if (page.type.key === "auto_assignment" && ["add-rule", "remove-rule", "match-rules"].includes(intent))
    return ruleAction(page, form, intent, here);
  invariantResponse(intent === "add", "Bad Request");
  const list = form.getAll("content_list").map(String);
  invariantResponse(
    list.every((v) => /^\d{1,12}$/.test(v)),
    "Bad Request",
  );
  const res = await page.api.post(
    `${page.apiBase}content/`,
    { content_type_id: String(form.get("content_type_id") ?? ""), content_list: list },
    { accept: [400] },
  );
  return toastAnswer(page, res, here, "asg_toast_content_added");
}

export default function AssignmentContentTab() {
  const { contents, rules, canChange, types, choices, ctype } = useLoaderData<typeof loader>();
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
                    render: (c: AssignmentContent) =>
                      // A content a rule brought goes with its rule.
                      c.rule_id !== null ? (
                        <span className="text-slate-600">
                          {t("asg_rules_from_rule", {
                            number: (rules?.rules.findIndex((r) => r.id === c.rule_id) ?? -1) + 1,
                          })}
                        </span>
                      ) : (
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="id" value={c.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="remove"
                            disabled={busy}
                            className="text-red-700 hover:underline"
                            aria-label={t("asg_remove_named", { name: c.name })}
                          >
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
          <TypeSearchForm
            names={{ type: "ctype", search: "find" }}
            labels={{ type: t("asg_col_content_type"), search: t("asg_content_find"), submit: t("asg_show_contents") }}
            first={{ value: "", label: t("asg_choose_type") }}
            types={types}
            typeName={typeName}
            value={{ type: ctype, search: params.get("find") ?? "" }}
            keep={{ rtype: params.get("rtype") ?? "", rfind: params.get("rfind") ?? "" }}
          />
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
      {rules ? <ContentRules data={rules} canChange={canChange} params={params} /> : null}
    </div>
  );
}
