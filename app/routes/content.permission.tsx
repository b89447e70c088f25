import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { PERMISSION_ACCESS, PERMISSION_RULE } from "../../contract/codes";
import type { PermissionRuleRow } from "../../contract/schemas/content-permission";
import { DataTable } from "~/components/content/data-table";
import { ConfirmDelete } from "~/components/content/dialogs";
import { Pager } from "~/components/content/pager";
import { SettingInput, type SettingField } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import { readListPage } from "~/lms/paging.server";
import { errorsAt, type FormResult } from "~/lms/form-result";
import { parseWithZod, permissionRuleSchema } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { permissionBase } from "~/lms/content-navigation.server";
import { WritableFields } from "~/components/content/item-writable";
import { IdempotencyInput } from "~/components/idempotency-input";
import { newIdempotencyKey, postedIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access"] };

/**
 * The permission tab (spec 001 §3 "Permission mode", 002 §6 "Content access levels"): the
 * content's rules — who (everyone, by department and other criteria, or named users) may see it
 * or see and enrol — with add, edit (?edit=id) and delete (?delete=id, confirmed); a department
 * or user rule links to its condition page. Plain forms and links: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const url = new URL(args.request.url);
  const q = url.searchParams;
  const res = await readListPage<Paged<PermissionRuleRow>>(api, `${type.api}${id}/permission/`, { url, accept: [404] });
  const list: Paged<PermissionRuleRow> =
    res.status === 200 ? res.data : { results: [], count: 0, page_size: 50, next: null, page: 1 };
  const pick = (key: string) => {
    const v = q.get(key);
    return v && /^\d+$/.test(v) ? (list.results.find((r) => String(r.id) === v) ?? null) : null;
  };
  const base = permissionBase(type, id);
  // A type whose rules grant something else names its own title and intro (a bank: who may use it).
  const texts = type.permissionKeys ?? { title: "acc_permission_title", intro: "acc_permission_intro" };
  // The new-rule form's key: a post retried after its answer was lost adds one rule (docs/decisions/094).
  return data(
    { list, base, texts, editing: pick("edit"), deleting: pick("delete"), idempotencyKey: newIdempotencyKey() },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  // Shown on the new-rule form, the one every visit of the tab has.
  if (!form) return data({ intent: "create", result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const base = permissionBase(type, id);
  const ruleId = String(form.get("id") ?? "");
  invariantResponse(intent === "create" || /^\d{1,12}$/.test(ruleId), "Bad Request");
  if (intent === "delete") {
    await api.delete(`${type.api}${id}/permission/${ruleId}/`);
    return redirectWithToast(base, { type: "success", message: "acc_toast_rule_deleted" }, { headers: api.headers() });
  }
  invariantResponse(intent === "create" || intent === "update", "Bad Request");
  const submission = parseWithZod(form, { schema: permissionRuleSchema });
  if (submission.status !== "success")
    return data({ intent, result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const res =
    intent === "create"
      ? await api.post<PermissionRuleRow | Record<string, string[]>>(`${type.api}${id}/permission/`, submission.value, {
          accept: [400],
          idempotencyKey: postedIdempotencyKey(form),
        })
      : await api.patch<PermissionRuleRow | Record<string, string[]>>(
          `${type.api}${id}/permission/${ruleId}/`,
          submission.value,
          { accept: [400] },
        );
  if (res.status === 400)
    return data(
      {
        intent,
        result: submission.reply(apiFieldErrors(res.data as Record<string, string[]>)) as SubmissionResult<string[]>,
      },
      { status: 400, headers: api.headers() },
    );
  const rule = res.data as PermissionRuleRow;
  // A rule that names who it is for goes on to its condition.
  if (intent === "create" && rule.mode !== PERMISSION_RULE.everyone) {
    return redirectWithToast(
      `${base}/${rule.id}/condition`,
      { type: "success", message: "acc_toast_rule_added_condition" },
      { headers: api.headers() },
    );
  }
  return redirectWithToast(
    base,
    { type: "success", message: intent === "create" ? "acc_toast_rule_added" : "acc_toast_rule_saved" },
    { headers: api.headers() },
  );
}

/** The two choices of a rule, as fields. */
function ruleFields(t: (k: string) => string): SettingField[] {
  return [
    {
      name: "mode",
      label: t("acc_field_mode"),
      kind: "select",
      options: Object.values(PERMISSION_RULE).map((m) => ({ value: String(m), label: t(`acc_rule_mode_${m}`) })),
    },
    {
      name: "permission",
      label: t("acc_field_permission"),
      kind: "select",
      options: Object.values(PERMISSION_ACCESS).map((p) => ({ value: String(p), label: t(`acc_access_${p}`) })),
    },
  ];
}

function RuleForm({
  intent,
  rule,
  result,
  title,
  cancelHref,
  idempotencyKey,
}: {
  intent: "create" | "update";
  rule: PermissionRuleRow | null;
  result: FormResult;
  title: string;
  cancelHref?: string;
  idempotencyKey?: string;
}) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  const saved = {
    mode: String(rule?.mode ?? PERMISSION_RULE.everyone),
    permission: String(rule?.permission ?? PERMISSION_ACCESS.view_enroll),
  };
  const headingId = `rule-form-${intent}`;
  return (
    <section aria-labelledby={headingId} className="rounded border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="mb-3 text-base font-semibold">
        {title}
      </h3>
      <Form method="post" noValidate className="grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value={intent} />
          {rule ? <input type="hidden" name="id" value={rule.id} /> : null}
          {idempotencyKey ? <IdempotencyInput value={idempotencyKey} /> : null}
          <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
          {ruleFields(t).map((f) => (
            <SettingInput
              key={f.name}
              field={f}
              saved={saved[f.name as keyof typeof saved]}
              result={result}
              idPrefix={`${intent}-`}
            />
          ))}
          <div className="flex gap-2">
            {cancelHref ? (
              <a href={cancelHref} className="rounded border border-slate-300 px-4 py-2 text-sm">
                {t("cancel")}
              </a>
            ) : null}
            <button
              type="submit"
              disabled={busy}
              className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
            >
              {intent === "create" ? t("acc_rule_add") : t("action_save")}
            </button>
          </div>
        </WritableFields>
      </Form>
    </section>
  );
}

export default function PermissionTab() {
  const { list, base, texts, editing, deleting, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const resultFor = (intent: string) => (answer && answer.intent === intent ? answer.result : null);
  const first = (list.page - 1) * list.page_size;
  const number = (r: PermissionRuleRow) => first + list.results.indexOf(r) + 1;
  return (
    <div className="space-y-6">
      <section aria-labelledby="permission-title" className="space-y-3">
        <div>
          <h2 id="permission-title" className="text-lg font-semibold">
            {t(texts.title)}
          </h2>
          <p className="text-sm text-slate-600">{t(texts.intro)}</p>
        </div>
        <DataTable
          caption={t(texts.title)}
          rows={list.results}
          empty={t("acc_permission_empty")}
          columns={[
            { key: "no", label: t("acc_col_no"), render: (r) => number(r) },
            { key: "mode", label: t("acc_field_mode"), render: (r) => t(`acc_rule_mode_${r.mode}`) },
            { key: "permission", label: t("acc_field_permission"), render: (r) => t(`acc_access_${r.permission}`) },
            {
              key: "condition",
              label: t("acc_col_condition"),
              render: (r) =>
                r.mode === PERMISSION_RULE.everyone ? (
                  <span className="text-slate-600">{t("acc_condition_everyone")}</span>
                ) : (
                  <a
                    href={`${base}/${r.id}/condition`}
                    className="text-primary hover:underline"
                    aria-label={t("acc_condition_of_rule", { n: number(r) })}
                  >
                    {r.criteria_count ? t("acc_criteria_count", { count: r.criteria_count }) : t("acc_condition_none")}
                  </a>
                ),
            },
            {
              key: "actions",
              label: t("actions"),
              className: "whitespace-nowrap text-right",
              render: (r) => (
                <>
                  <a
                    href={`?edit=${r.id}`}
                    className="mr-3 text-primary hover:underline"
                    aria-label={t("acc_edit_rule", { n: number(r) })}
                  >
                    {t("acc_edit")}
                  </a>
                  <a
                    href={`?delete=${r.id}`}
                    className="text-red-700 hover:underline"
                    aria-label={t("acc_delete_rule", { n: number(r) })}
                  >
                    {t("action_delete")}
                  </a>
                </>
              ),
            },
          ]}
        />
        <Pager count={list.count} page={list.page} pageSize={list.page_size} />
      </section>
      {editing ? (
        <RuleForm
          key={`edit-${editing.id}`}
          intent="update"
          rule={editing}
          result={resultFor("update")}
          title={t("acc_edit_rule", { n: number(editing) })}
          cancelHref={base}
        />
      ) : null}
      <RuleForm
        intent="create"
        rule={null}
        result={resultFor("create")}
        title={t("acc_rule_new")}
        idempotencyKey={idempotencyKey}
      />
      {deleting ? <ConfirmDelete item={{ id: deleting.id, name: t("acc_rule_n", { n: number(deleting) }) }} /> : null}
    </div>
  );
}
