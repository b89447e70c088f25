import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { FilterOption, Paged } from "../../contract/http";
import { CONDITION_OPERATOR, PERMISSION_RANGES, PERMISSION_RULE } from "../../contract/codes";
import type { AccountOption, PermissionCondition, PermissionRuleRow } from "../../contract/schemas/content-permission";
import { ConditionEditor, type ConditionList, type ConditionOption } from "~/components/content/condition-editor";
import { CsrfInput, ErrorList } from "~/components/forms";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, optionsFor, requireContent, type Option } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { errorsAt } from "~/lms/form-result";
import { dash } from "~/lms/paths";
import { parseWithZod, permissionConditionSchema } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access"] };

/**
 * A permission rule's condition (spec 001 §3 "Permission condition"): for a department rule,
 * the departments, positions, levels and groups it takes (with how the criteria combine), the
 * age, experience, level, service and level-group year ranges (empty = unset, -1 on the wire)
 * and the account start dates; for a user rule, the accounts it names. Saved whole (PUT).
 * Lists without master data yet (level group, custom groups) are not offered.
 */
function ruleIdOf(params: Record<string, string | undefined>): number {
  const raw = params.permissionid;
  invariantResponse(raw && /^\d{1,9}$/.test(raw), "Not Found", { status: 404 });
  return Number(raw);
}

type Dept = FilterOption & { parent_id: number | null };
/** Departments with their path ("Head Office › Human Resources"), in tree order. */
function departmentOptions(rows: Dept[]): ConditionOption[] {
  const byParent = new Map<number | null, Dept[]>();
  for (const d of rows) byParent.set(d.parent_id, [...(byParent.get(d.parent_id) ?? []), d]);
  const out: ConditionOption[] = [];
  const walk = (parent: number | null, path: string[]) => {
    for (const d of byParent.get(parent) ?? []) {
      const label = [...path, d.name];
      out.push({ value: String(d.id), label: label.join(" › ") });
      walk(d.id, label);
    }
  };
  walk(null, []);
  return out;
}

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const ruleId = ruleIdOf(args.params);
  const path = `${type.api}${id}/permission/${ruleId}/`;
  const [{ data: rule }, { data: condition }] = await Promise.all([api.get<PermissionRuleRow>(path), api.get<PermissionCondition>(`${path}condition/`)]);
  const lists: { name: string; options: Option[] | ConditionOption[] }[] = [];
  if (rule.mode === PERMISSION_RULE.department) {
    const [departments, positions, levels, groups, accountGroups] = await Promise.all([
      api.get<Paged<Dept>>("dashboard/filter/department-cascade/", { query: { page_size: 1000 } }),
      optionsFor(api, "position", "position"),
      optionsFor(api, "level", "level"),
      optionsFor(api, "group", "group"),
      optionsFor(api, "group/type/ACCOUNT", "group_account"),
    ]);
    lists.push(
      { name: "department", options: departmentOptions(departments.data.results) },
      { name: "position", options: positions },
      { name: "level", options: levels },
      { name: "group", options: groups },
      { name: "group_account", options: accountGroups },
    );
  } else if (rule.mode === PERMISSION_RULE.user) {
    const accounts = await api.get<Paged<AccountOption>>(`${type.api}${id}/permission/account/`, { query: { page_size: 1000 } });
    lists.push({ name: "account", options: accounts.data.results.map((a) => ({ value: String(a.id), label: `${a.name} (${a.code})` })) });
  }
  return data({ rule, condition, lists: lists.map((l) => ({ name: l.name, options: l.options.map((o) => ({ value: o.value, label: o.label })) })), back: dash(`${type.segment}/${id}/permission`) }, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const ruleId = ruleIdOf(args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const submission = parseWithZod(form, { schema: permissionConditionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const res = await api.call<Record<string, unknown>>("PUT", `${type.api}${id}/permission/${ruleId}/condition/`, { body: submission.value, accept: [400] });
  if (res.status === 400) return data({ result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]> }, { status: 400, headers: api.headers() });
  return redirectWithToast(dash(`${type.segment}/${id}/permission`), { type: "success", message: "acc_toast_condition_saved" }, { headers: api.headers() });
}

export default function PermissionConditionPage() {
  const { rule, condition, lists, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = (answer?.result ?? null) as SubmissionResult<string[]> | null;
  const isDepartment = rule.mode === PERMISSION_RULE.department;
  const editorLists: ConditionList[] = lists.map((l) => ({ name: l.name, label: t(`acc_cond_${l.name}`), options: l.options }));
  return (
    <section aria-labelledby="condition-title" className="space-y-4">
      <div>
        <a href={back} className="text-sm text-primary hover:underline">
          ‹ {t("acc_back_to_rules")}
        </a>
        <h2 id="condition-title" className="mt-1 text-lg font-semibold">
          {t("acc_condition_title")}
        </h2>
        <p className="text-sm text-slate-600">
          {t(`acc_rule_mode_${rule.mode}`)} · {t(`acc_access_${rule.permission}`)}
        </p>
      </div>
      {rule.mode === PERMISSION_RULE.everyone ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">{t("acc_condition_for_everyone")}</p>
      ) : (
        <Form method="post" noValidate className="space-y-5">
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <p className="text-sm text-slate-600">{isDepartment ? t("acc_condition_intro_department") : t("acc_condition_intro_user")}</p>
          <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
          <ConditionEditor
            operator={
              isDepartment
                ? { name: "operator", label: t("acc_cond_operator"), options: Object.values(CONDITION_OPERATOR).map((o) => ({ value: String(o), label: t(`acc_cond_operator_${o}`) })) }
                : undefined
            }
            lists={editorLists}
            ranges={isDepartment ? PERMISSION_RANGES.map((r) => ({ name: r, label: t(`acc_cond_${r}`), unit: t("acc_unit_years") })) : []}
            dates={isDepartment ? [{ gte: "date_account_start_gte", lte: "date_account_start_lte", label: t("acc_cond_date_account_start") }] : []}
            values={condition as unknown as Record<string, unknown>}
            result={result}
          />
          <div className="flex justify-end gap-2">
            <a href={back} className="rounded border border-slate-300 px-4 py-2 text-sm">
              {t("cancel")}
            </a>
            <button type="submit" disabled={busy} className="rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60">
              {t("acc_condition_save")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
