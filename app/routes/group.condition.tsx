import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ConditionPreview } from "../../contract/schemas/condition";
// Types only: the schema module builds zod at load, which must not reach the browser (decision 016).
import type { Group, GroupCondition } from "../../contract/schemas/group";
import { ConditionFields } from "~/components/content/condition-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { GROUP_TYPE, groupConditionSchema, organisationShape, sendCondition } from "~/lms/condition.server";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { errorsAt } from "~/lms/form-result";
import { invariantResponse } from "~/lms/invariant";
import { dash } from "~/lms/paths";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access", "master", "enrollment"] };

/**
 * A condition group's condition (spec 000 §2.11 /group/{groupid}/condition; docs/decisions/030,
 * 035): the same editor and the same offer as a permission rule's (app/lms/condition.server.ts),
 * but its group lists take groups of users only (no condition reaches another). Two submit
 * buttons: "Preview" posts the condition to `condition/preview/` and shows how many users it
 * matches now, nothing saved, the form as posted; "Save" PUTs it. A group of users has no
 * condition: its page says so and leads to its members (a tab that is shown is a tab that loads).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const { data: group } = await api.get<Group>(`${type.api}${id}/`);
  const base = dash(`${type.segment}/${id}`);
  const head = { type: group.type, count_member: group.count_member, memberHref: `${base}/member` };
  if (group.type !== GROUP_TYPE.condition)
    return data({ ...head, condition: null, shape: null, canChange: false }, { headers: api.headers() });
  // The shape offers the contents the condition names (so it reads the condition first).
  const { data: condition } = await api.get<GroupCondition>(`${type.api}${id}/condition/`);
  const shape = await organisationShape(
    api,
    ["department", "position", "level", "group_account", "location"],
    condition as unknown as Record<string, unknown>,
  );
  return data({ ...head, condition, shape, canChange: allows(type, permission, "change") }, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "save");
  invariantResponse(intent === "save" || intent === "preview", "Bad Request");
  const path = `${type.api}${id}/condition/`;
  if (intent === "preview") {
    const sent = await sendCondition<ConditionPreview>(api, form, groupConditionSchema, "POST", `${path}preview/`);
    if (!sent.ok) return data({ result: sent.result, preview: null }, { status: 400, headers: api.headers() });
    return data({ result: sent.result, preview: sent.data.count }, { headers: api.headers() });
  }
  const sent = await sendCondition(api, form, groupConditionSchema, "PUT", path);
  if (!sent.ok) return data({ result: sent.result, preview: null }, { status: 400, headers: api.headers() });
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "grp_toast_condition_saved" },
    { headers: api.headers() },
  );
}

const primary = PRIMARY_BUTTON;
const secondary = "rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50 disabled:opacity-60";

export default function GroupConditionTab() {
  const { count_member, memberHref, condition, shape, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = (answer?.result ?? null) as SubmissionResult<string[]> | null;
  const preview = answer && "preview" in answer && answer.preview != null ? Number(answer.preview) : null;
  if (!condition || !shape) {
    return (
      <section aria-labelledby="condition-title" className="space-y-3">
        <h2 id="condition-title" className="text-lg font-semibold">
          {t("grp_condition_title")}
        </h2>
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          {t("grp_condition_none")}{" "}
          <a href={memberHref} className="font-medium text-primary underline">
            {t("grp_condition_to_members")}
          </a>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="condition-title" className="space-y-4">
      <div>
        <h2 id="condition-title" className="text-lg font-semibold">
          {t("grp_condition_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("grp_condition_intro")}</p>
        <p className="mt-1 text-sm text-slate-700">
          {t("grp_condition_now", { count: count_member })}{" "}
          <a href={memberHref} className="text-primary underline">
            {t("grp_condition_see_members")}
          </a>
        </p>
      </div>
      <Form method="post" noValidate className="space-y-5">
        <CsrfInput />
        <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
        {/* The fieldset keeps a reader without the change flag from editing what they cannot save. */}
        <fieldset disabled={!canChange} className="min-w-0">
          <legend className="sr-only">{t("grp_condition_title")}</legend>
          <ConditionFields
            shape={shape}
            values={condition as unknown as Record<string, unknown>}
            result={result}
            operatorLabel={t("grp_cond_operator")}
          />
        </fieldset>
        {preview != null ? (
          <p role="status" className="rounded border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
            <strong>{t("grp_preview_matches", { count: preview })}</strong> {t("grp_preview_not_saved")}
          </p>
        ) : null}
        {canChange ? (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {/* First in the form: Enter in a field previews, it never saves. */}
            <button type="submit" name="intent" value="preview" disabled={busy} className={secondary}>
              {t("grp_preview")}
            </button>
            <button type="submit" name="intent" value="save" disabled={busy} className={primary}>
              {t("acc_condition_save")}
            </button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}
