import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PERMISSION_RULE } from "../../contract/codes";
import type { PermissionCondition, PermissionRuleRow } from "../../contract/schemas/content-permission";
import { ConditionFields } from "~/components/content/condition-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import {
  ACCOUNT_CHOICES,
  accountShape,
  organisationShape,
  permissionConditionSchema,
  sendCondition,
} from "~/lms/condition.server";
import { SearchForm } from "~/components/content/search-form";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { errorsAt } from "~/lms/form-result";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { permissionBase } from "~/lms/content-navigation.server";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access", "enrollment"] };

/**
 * A permission rule's condition (spec 001 §3 "Permission condition"): for a department rule,
 * the departments (with or without their sub-departments), positions, levels and groups it takes
 * (with how the criteria combine), the age, experience, level and service year ranges (empty = unset, -1 on the wire) and the account start dates; for a user rule, the
 * accounts it names. Saved whole (PUT). What is offered is app/lms/condition.server.ts's, shared
 * with a condition group's page: lists and ranges without data behind them yet (level groups,
 * custom groups, level-group years) are not, as the API refuses them (docs/decisions/030, 035).
 * A content's and a category's rules alike (`{api}{id}/permission/`).
 */
function ruleIdOf(params: Record<string, string | undefined>): number {
  const raw = params.permissionid;
  invariantResponse(raw && /^\d{1,9}$/.test(raw), "Not Found", { status: 404 });
  return Number(raw);
}

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const ruleId = ruleIdOf(args.params);
  const path = `${type.api}${id}/permission/${ruleId}/`;
  // A user rule's account search: a GET form beside the condition's, so it works without JS.
  const find = (new URL(args.request.url).searchParams.get("find") ?? "").trim().slice(0, 200);
  const [{ data: rule }, { data: condition }] = await Promise.all([
    api.get<PermissionRuleRow>(path),
    api.get<PermissionCondition>(`${path}condition/`),
  ]);
  const shape =
    rule.mode === PERMISSION_RULE.department
      ? await organisationShape(
          api,
          ["department", "position", "level", "group", "group_account", "location"],
          condition as unknown as Record<string, unknown>,
        )
      : rule.mode === PERMISSION_RULE.user
        ? await accountShape(api, `${type.api}${id}/permission/account/`, { find, chosen: condition.account ?? [] })
        : null;
  return data(
    { rule, condition, shape, find, limit: ACCOUNT_CHOICES, back: permissionBase(type, id) },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const ruleId = ruleIdOf(args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const sent = await sendCondition(
    api,
    form,
    permissionConditionSchema,
    "PUT",
    `${type.api}${id}/permission/${ruleId}/condition/`,
  );
  if (!sent.ok) return data({ result: sent.result }, { status: 400, headers: api.headers() });
  return redirectWithToast(
    permissionBase(type, id),
    { type: "success", message: "acc_toast_condition_saved" },
    { headers: api.headers() },
  );
}

export default function PermissionConditionPage() {
  const { rule, condition, shape, limit, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = (answer?.result ?? null) as SubmissionResult<string[]> | null;
  const isDepartment = rule.mode === PERMISSION_RULE.department;
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
      {!shape ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          {t("acc_condition_for_everyone")}
        </p>
      ) : (
        <div className="space-y-4">
          {isDepartment ? null : (
            <div className="space-y-1">
              <SearchForm name="find" label={t("acc_find_users")} />
              {"more" in shape && shape.more ? (
                <p className="text-xs text-slate-600">{t("acc_find_users_more", { count: limit })}</p>
              ) : null}
            </div>
          )}
          <Form method="post" noValidate className="space-y-5">
            <WritableFields>
              <CsrfInput />
              <input type="hidden" name="intent" value="save" />
              <p className="text-sm text-slate-600">
                {isDepartment ? t("acc_condition_intro_department") : t("acc_condition_intro_user")}
              </p>
              <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
              <ConditionFields shape={shape} values={condition as unknown as Record<string, unknown>} result={result} />
              <div className="flex justify-end gap-2">
                <a href={back} className="rounded border border-slate-300 px-4 py-2 text-sm">
                  {t("cancel")}
                </a>
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
                >
                  {t("acc_condition_save")}
                </button>
              </div>
            </WritableFields>
          </Form>
        </div>
      )}
    </section>
  );
}
