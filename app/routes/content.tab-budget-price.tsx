import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { BudgetPriceAnswer } from "../../contract/schemas/extras";
import { SettingSections, SettingTextarea } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { allows } from "~/lms/content-navigation.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { budgetPriceSchemas, parseWithZod } from "~/lms/extras.server";
import { errorsAt } from "~/lms/form-result";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The price of a content item (spec 001 §3 "Budget": price, discount price, app store and
 * android prices, note): amounts from 0 to 99,999,999.99 with 2 decimals, the discount not above
 * the price — checked here and again by the API.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const { data: price } = await api.get<BudgetPriceAnswer>(`${type.api}${itemId(type, args.params)}/budget/price/`);
  return data({ price, canChange: allows(type, permission, "change") }, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const submission = parseWithZod(form, { schema: budgetPriceSchemas().full });
  if (submission.status !== "success")
    return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const res = await api.patch<Record<string, unknown>>(`${type.api}${id}/budget/price/`, submission.value, {
    accept: [400],
  });
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]> },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "toast_saved" },
    { headers: api.headers() },
  );
}

const amount = (n: number | null) => (n === null ? "" : String(n));

export default function BudgetPriceTab() {
  const { price, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = answer?.result ?? null;
  const thb = t("ext_unit_thb");
  return (
    <section aria-labelledby="price-title" className="max-w-2xl space-y-4">
      <div>
        <h2 id="price-title" className="text-lg font-semibold text-slate-900">
          {t("tab_budget_price")}
        </h2>
        <p className="text-sm text-slate-600">{t("ext_price_intro")}</p>
      </div>
      {/* Keyed by the saved state: after a save the fields show what was stored, JS or not. */}
      <Form key={price.datetime_update ?? "new"} method="post" noValidate className="space-y-5">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
          <fieldset disabled={!canChange} className="space-y-5">
            <SettingSections
              sections={[
                {
                  id: "price",
                  title: t("ext_price_section"),
                  fields: [
                    { name: "price", label: t("ext_field_price"), kind: "text", unit: thb, hint: t("ext_hint_price") },
                    {
                      name: "price_discount",
                      label: t("ext_field_price_discount"),
                      kind: "text",
                      unit: thb,
                      hint: t("ext_hint_price_discount"),
                    },
                    {
                      name: "price_app_store",
                      label: t("ext_field_price_app_store"),
                      kind: "text",
                      unit: thb,
                      hint: t("ext_hint_optional_price"),
                    },
                    {
                      name: "price_android",
                      label: t("ext_field_price_android"),
                      kind: "text",
                      unit: thb,
                      hint: t("ext_hint_optional_price"),
                    },
                  ],
                },
              ]}
              values={{
                price: amount(price.price),
                price_discount: amount(price.price_discount),
                price_app_store: amount(price.price_app_store),
                price_android: amount(price.price_android),
              }}
              result={result}
            />
            <SettingTextarea name="note" label={t("ext_field_note")} saved={price.note} result={result} />
          </fieldset>
          {canChange ? <SaveBar busy={busy}>{t("action_save")}</SaveBar> : null}
        </WritableFields>
      </Form>
    </section>
  );
}
