import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import { AuthCard, CardLink, Notice, PasswordRuleList, SubmitButton } from "~/components/auth-card";
import { CsrfInput, ErrorList, Field } from "~/components/forms";
import { formErrorsOf, passwordRuleOf, TOKEN_PAGE_HEADERS, type ApiErrorBody } from "~/lms/account-recovery.server";
import { lms } from "~/lms/api.server";
import { readForm } from "~/lms/read-form.server";
import { requireCsrf } from "~/lms/csrf.server";
import { newPasswordSchema, parseWithZod } from "~/lms/schemas.server";
import { dash } from "~/lms/paths";
import { useSubmitting } from "~/components/use-submitting";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

/**
 * The page a reset link opens (spec 000 §2.2 /account/reset-password?token=…): a new password for
 * a reset token of the forgot-password API (docs/decisions/001). The token goes back in a hidden
 * field of the posted form; the page is not cached and sends no referrer.
 */
const TOKEN_MAX = 512;
const tokenOf = (value: unknown) =>
  typeof value === "string" && value.length > 0 && value.length <= TOKEN_MAX ? value : null;

export const meta: MetaFunction = ({ matches }) => [
  ...matches.flatMap((m) => m.meta ?? []),
  { name: "referrer", content: "same-origin" },
];
export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export async function loader({ request }: LoaderFunctionArgs) {
  const api = lms(request);
  const url = new URL(request.url);
  const token = tokenOf(url.searchParams.get("token"));
  // Sent here by sign-in: the administrator asked this account for a new password (docs/decisions/038).
  // …or the password outlived its configured period (docs/decisions/082).
  const why = url.searchParams.get("reason");
  const reason = why === "required" ? MSG.password_change_required : why === "expired" ? MSG.password_expired : null;
  const rule = await passwordRuleOf(api); // also fetches the API's cookies for the post
  return data({ token, rule, reason }, { headers: api.headers(TOKEN_PAGE_HEADERS) });
}

type ActionAnswer = { result: SubmissionResult<string[]>; expired: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const api = lms(request);
  const { form, refusal } = await readForm(request);
  if (!form) return data<ActionAnswer>({ result: refusal.result, expired: false }, { status: refusal.status });
  await requireCsrf(api, form);
  const hideFields = ["password", "confirm_password", "token"];
  const token = tokenOf(form.get("token"));
  const submission = parseWithZod(form, { schema: newPasswordSchema(await passwordRuleOf(api)) });
  if (!token)
    return data<ActionAnswer>(
      { result: submission.reply({ formErrors: [MSG.token_expired], hideFields }), expired: true },
      { status: 400, headers: api.headers() },
    );
  if (submission.status !== "success")
    return data<ActionAnswer>(
      { result: submission.reply({ hideFields }), expired: false },
      { status: 400, headers: api.headers() },
    );
  const res = await api.post<ApiErrorBody>(
    "account/forgot-password/reset/",
    { token, ...submission.value },
    { accept: [400, 429] },
  );
  if (res.status !== 200) {
    const errors = formErrorsOf(res.data, ["password", "confirm_password"]);
    const expired = errors.formErrors.includes(MSG.token_expired);
    return data<ActionAnswer>(
      { result: submission.reply({ ...errors, hideFields }), expired },
      { status: 400, headers: api.headers() },
    );
  }
  throw redirect(dash("account/changedpass"), { headers: api.headers() });
}

export default function ResetPassword() {
  const { token, rule, reason } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result ?? null,
    shouldRevalidate: "onBlur",
  });
  const tr = (errors: string[] | undefined) => errors?.map((e) => t(e));
  const restart = <CardLink to={dash("account/forgot-password")}>{t("forgot_start_again")}</CardLink>;
  if (!token || actionData?.expired) {
    return (
      <AuthCard title={t("reset_link_title")}>
        <Notice tone="error">{t(MSG.token_expired)}</Notice>
        <p className="mt-6 flex justify-between gap-4">
          {restart}
          <CardLink to={dash("account/signin")}>{t("forgot_back_to_sign_in")}</CardLink>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset_link_title")}>
      {reason ? <Notice tone="info">{t(reason)}</Notice> : null}
      <PasswordRuleList rule={rule} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput />
        <input type="hidden" name="token" value={token} />
        <ErrorList id={form.errorId} errors={tr(form.errors)} />
        <Field
          label={t("forgot_new_password")}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            autoFocus: true,
          }}
          errors={tr(fields.password.errors)}
        />
        <Field
          label={t("forgot_confirm_password")}
          inputProps={{ ...getInputProps(fields.confirm_password, { type: "password" }), autoComplete: "new-password" }}
          errors={tr(fields.confirm_password.errors)}
        />
        <SubmitButton busy={busy}>{t("forgot_reset_submit")}</SubmitButton>
      </Form>
      <p className="mt-6 text-right">
        <CardLink to={dash("account/signin")}>{t("forgot_back_to_sign_in")}</CardLink>
      </p>
    </AuthCard>
  );
}
