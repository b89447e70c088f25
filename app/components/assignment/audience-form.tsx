import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Audience } from "../../../contract/schemas/assignment";
import { CsrfInput } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";

type Option = { id: number; name: string; depth?: number };
type Account = { id: number; username: string; first_name: string; last_name: string };
const nameOf = (a: Account) => `${a.first_name} ${a.last_name}`.trim() || a.username;

/**
 * Who an assignment names (docs/decisions/051): accounts one by one (a GET search, then "add"),
 * and groups and departments ticked and saved together — a condition group's members are those its
 * condition matches on the day it assigns (the group evaluator). Each form posts on its own; the
 * accounts named so far travel with the groups' form, so saving one list keeps the others.
 */
export function AudienceForm({
  audience,
  groups,
  departments,
  found,
  canChange,
}: {
  audience: Audience;
  groups: Option[];
  departments: Option[];
  found: Account[] | null;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  const [params] = useSearchParams();
  const picked = new Set(audience.group_list);
  const pickedDept = new Set(audience.department_list);
  return (
    <section aria-labelledby="audience-title" className="space-y-4 rounded border border-slate-200 bg-white p-4">
      <div>
        <h2 id="audience-title" className="text-lg font-semibold">
          {t("asg_audience_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("asg_audience_intro")}</p>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-800">
          {t("asg_audience_accounts", { count: audience.account_list.length })}
        </h3>
        {audience.account_list.length ? (
          <ul className="flex flex-wrap gap-2">
            {audience.account_list.map((a) => (
              <li
                key={a.id}
                className="flex items-center gap-1 rounded border border-slate-300 bg-slate-50 px-2 py-0.5 text-sm"
              >
                {nameOf(a)} <span className="font-mono text-xs text-slate-600">({a.username})</span>
                {canChange ? (
                  <Form method="post" className="inline">
                    <CsrfInput />
                    <input type="hidden" name="account" value={a.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove-account"
                      disabled={busy}
                      className="ml-1 text-red-700 hover:underline"
                      aria-label={t("asg_remove_named", { name: nameOf(a) })}
                    >
                      ×
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("asg_audience_no_accounts")}</p>
        )}
        {canChange ? (
          <details open={!!params.get("find")} className="rounded border border-slate-200">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-primary">
              {t("asg_audience_add_account")}
            </summary>
            <div className="space-y-2 border-t border-slate-200 p-3">
              <Form method="get" className="flex flex-wrap items-end gap-2">
                {["contentName", "backPath"].map((k) =>
                  params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null,
                )}
                <label className="text-sm">
                  <span className="block font-medium text-slate-700">{t("asg_audience_find")}</span>
                  <input
                    type="search"
                    name="find"
                    defaultValue={params.get("find") ?? ""}
                    className="mt-1 rounded border border-slate-300 px-2 py-1.5"
                  />
                </label>
                <button
                  type="submit"
                  className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
                >
                  {t("asg_audience_search")}
                </button>
              </Form>
              {found && params.get("find") ? (
                found.length ? (
                  <ul className="divide-y divide-slate-100">
                    {found.map((a) => (
                      <li key={a.id} className="flex items-center justify-between py-1 text-sm">
                        <span>
                          {nameOf(a)} <span className="font-mono text-xs text-slate-600">({a.username})</span>
                        </span>
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="account" value={a.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="add-account"
                            disabled={busy}
                            className="text-primary hover:underline"
                            aria-label={t("asg_add_named", { name: nameOf(a) })}
                          >
                            {t("asg_add")}
                          </button>
                        </Form>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-slate-600">{t("no_results")}</p>
                )
              ) : null}
            </div>
          </details>
        ) : null}
      </div>
      <Form method="post" className="space-y-3">
        <CsrfInput />
        <fieldset disabled={!canChange} className="grid min-w-0 gap-4 md:grid-cols-2">
          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{t("asg_audience_groups")}</legend>
            <p className="mb-2 text-xs text-slate-600">{t("asg_audience_groups_help")}</p>
            <ul className="max-h-56 space-y-1 overflow-y-auto">
              {groups.map((g) => (
                <li key={g.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="group_list"
                      value={g.id}
                      defaultChecked={picked.has(g.id)}
                      className="h-4 w-4"
                    />
                    {g.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{t("asg_audience_departments")}</legend>
            <ul className="max-h-56 space-y-1 overflow-y-auto">
              {departments.map((d) => (
                <li key={d.id} style={{ paddingLeft: `${(d.depth ?? 0) * 1}rem` }}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="department_list"
                      value={d.id}
                      defaultChecked={pickedDept.has(d.id)}
                      className="h-4 w-4"
                    />
                    {d.name}
                  </label>
                </li>
              ))}
            </ul>
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="include_sub_department"
                defaultChecked={audience.include_sub_department}
                className="h-4 w-4"
              />
              {t("asg_audience_include_sub")}
            </label>
          </fieldset>
        </fieldset>
        {canChange ? (
          <div className="flex justify-end">
            <button type="submit" name="intent" value="save" disabled={busy} className={PRIMARY_BUTTON}>
              {t("asg_audience_save")}
            </button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}
