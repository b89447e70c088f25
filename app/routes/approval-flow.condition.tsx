import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
// Types only: the schema module builds zod at load, which must not reach the browser (decision 016).
import type { ApprovalFlow, FlowCondition } from "../../contract/schemas/requests";
import { ConditionFields } from "~/components/content/condition-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { flowConditionSchema, organisationShape, sendCondition } from "~/lms/condition.server";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { errorsAt } from "~/lms/form-result";
import { invariantResponse } from "~/lms/invariant";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "requestTypes", "content", "access", "master", "enrollment"] };

/**
 * An approval flow's learner condition (spec 001 §3 "Approval flow: … many condition lists and
 * gte/lte ranges"; docs/decisions/060): who the flow is for, one more rule of the flow beside its
 * content types and price range. The same editor and the same offer as a department rule's
 * condition (app/lms/condition.server.ts): departments (with their sub-departments), positions,
 * levels, groups, ranges, account start dates. Saved whole (PUT); saved empty, the flow has no
 * condition. A plain form: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const [{ data: flow }, { data: condition }] = await Promise.all([
    api.get<ApprovalFlow>(`${type.api}${id}/`),
    api.get<FlowCondition>(`${type.api}${id}/condition/`),
  ]);
  // The shape offers the contents the condition names.
  const shape = await organisationShape(
    api,
    ["department", "position", "level", "group", "group_account", "location"],
    condition as unknown as Record<string, unknown>,
  );
  return data(
    { hasCondition: flow.has_condition, condition, shape, canChange: allows(type, permission, "change") },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const sent = await sendCondition(api, form, flowConditionSchema, "PUT", `${type.api}${id}/condition/`);
  if (!sent.ok) return data({ result: sent.result }, { status: 400, headers: api.headers() });
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "req_toast_condition_saved" },
    { headers: api.headers() },
  );
}

export default function ApprovalFlowConditionTab() {
  const { hasCondition, condition, shape, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = (answer && "result" in answer ? answer.result : null) as SubmissionResult<string[]> | null;
  return (
    <section aria-labelledby="condition-title" className="space-y-4">
      <div>
        <h2 id="condition-title" className="text-lg font-semibold">
          {t("req_condition_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("req_condition_intro")}</p>
        <p className="mt-1 text-sm font-medium text-slate-800">
          {t(hasCondition ? "req_condition_set" : "req_condition_none")}
        </p>
      </div>
      <Form method="post" noValidate className="space-y-5">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
        {/* The fieldset keeps a reader without the change flag from editing what they cannot save. */}
        <fieldset disabled={!canChange} className="min-w-0">
          <legend className="sr-only">{t("req_condition_title")}</legend>
          <ConditionFields shape={shape} values={condition as unknown as Record<string, unknown>} result={result} />
        </fieldset>
        {canChange ? (
          <div className="flex justify-end">
            <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
              {t("acc_condition_save")}
            </button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}
