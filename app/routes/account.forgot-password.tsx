import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SEND_METHOD } from "../../contract/codes";
import type { PasswordRule } from "../../contract/schemas/account";
import { AuthCard, CardLink, CheckMailNotice, Notice, PasswordRuleList, SubmitButton } from "~/components/auth-card";
import { CsrfInput, ErrorList, Field, RadioGroupField } from "~/components/forms";
import {
  clearForgotState,
  ensureApiSession,
  formErrorsOf,
  isExpired,
  passwordRuleOf,
  readForgotState,
  restartForgotPassword,
  saveForgotState,
  type ApiErrorBody,
  type ForgotState,
} from "~/lms/account-recovery.server";
import { lms, type Lms } from "~/lms/api.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import {
  forgotChooseSchema,
  forgotIdentifySchema,
  forgotVerifySchema,
  newPasswordSchema,
  parseWithZod,
} from "~/lms/schemas.server";
import { dash } from "~/lms/paths";
import { redirectWithToast } from "~/lms/toast.server";
import { useSubmitting } from "~/components/use-submitting";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

/**
 * Forgot password (spec 000 §2.2): identify (the bare path) → choose-identify → otp → reset →
 * /account/changedpass. Every step is a plain form post; the action calls the API
 * (docs/decisions/001) and redirects to the next step, the state between steps riding in a
 * signed cookie (never the URL). API refusals come back as field errors; a dead reference or
 * token sends the user back to the first step with "token expired".
 */
const STEPS = ["identify", "choose-identify", "otp", "reset"] as const;
type Step = (typeof STEPS)[number];
const FORGOT = "account/forgot-password";
const stepUrl = (step: Step) => dash(step === "identify" ? FORGOT : `${FORGOT}/${step}`);

function stepOf(param: string | undefined): Step {
  if (param === undefined) return "identify";
  if (param !== "identify" && (STEPS as readonly string[]).includes(param)) return param as Step;
  throw new Response("Not Found", { status: 404 });
}

/** The earliest step the saved state cannot reach past (a user cannot skip ahead). */
function reachable(step: Step, state: ForgotState | null): Step {
  if (step === "identify") return step;
  if (!state) return "identify";
  // Once the code is verified, the reference is spent: only the reset step is left.
  if (state.token) return "reset";
  if (step === "otp" && state.send_method === undefined) return "choose-identify";
  if (step === "reset" && !state.token) return state.send_method === undefined ? "choose-identify" : "otp";
  return step;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = stepOf(params.step);
  const api = lms(request);
  const state = await readForgotState(request);
  const allowed = reachable(step, state);
  if (allowed !== step) throw redirect(stepUrl(allowed));
  const rule = step === "reset" ? await passwordRuleOf(api) : null;
  await ensureApiSession(api);
  // Only what the page shows: masked addresses and choices, never the reference or the token.
  const view =
    state && step !== "identify"
      ? {
          email: state.email,
          phone: state.phone,
          sendMethods: state.send_method_list,
          sendMethod: state.send_method ?? null,
        }
      : null;
  return data({ step, view, rule }, { headers: api.headers({ "Cache-Control": "no-store" }) });
}

type ActionAnswer = { result: SubmissionResult<string[]> | null; notice: string[] };
const answer = (api: Lms, result: ActionAnswer["result"], notice: string[] = []) =>
  data<ActionAnswer>({ result, notice }, { status: 400, headers: api.headers() });

export async function action({ request, params }: ActionFunctionArgs) {
  const step = stepOf(params.step);
  const api = lms(request);
  const { form, refusal } = await readForm(request);
  if (!form) return data<ActionAnswer>({ result: refusal.result, notice: [] }, { status: refusal.status });
  await requireCsrf(api, form);
  await ensureApiSession(api);
  const state = await readForgotState(request);
  if (step !== "identify" && !state) throw await restartForgotPassword(api, request);
  /** Save the state and go on to `next`. */
  const goTo = async (next: Step, s: ForgotState) =>
    redirect(stepUrl(next), { headers: api.headers({ "Set-Cookie": await saveForgotState(request, s) }) });
  const post = <T,>(path: string, body: Record<string, unknown>) =>
    api.post<T | ApiErrorBody>(`${FORGOT}/${path}/`, body, { accept: [400, 429] });

  if (step === "identify") {
    const submission = parseWithZod(form, { schema: forgotIdentifySchema });
    if (submission.status !== "success") return answer(api, submission.reply());
    type Identified = { reference_id: string; send_method_list: number[]; email: string | null; phone: string | null };
    const res = await post<Identified>("identify", submission.value);
    if (res.status !== 200)
      return answer(api, submission.reply(formErrorsOf(res.data as ApiErrorBody, ["username_or_email"])));
    const { reference_id, send_method_list, email, phone } = res.data as Identified;
    throw await goTo("choose-identify", { reference_id, send_method_list, email, phone });
  }

  const s = state!;
  const send = (sendMethod: number) =>
    post<{ datetime_expire: string }>("send", { reference_id: s.reference_id, send_method: sendMethod });

  if (step === "choose-identify") {
    const submission = parseWithZod(form, { schema: forgotChooseSchema });
    if (submission.status !== "success") return answer(api, submission.reply());
    const res = await send(submission.value.send_method);
    if (isExpired(res.data as ApiErrorBody)) throw await restartForgotPassword(api, request);
    if (res.status !== 200)
      return answer(api, submission.reply(formErrorsOf(res.data as ApiErrorBody, ["send_method"])));
    const { datetime_expire } = res.data as { datetime_expire: string };
    throw await goTo("otp", { ...s, send_method: submission.value.send_method, datetime_expire, token: undefined });
  }

  if (step === "otp") {
    if (s.send_method === undefined) throw redirect(stepUrl("choose-identify"));
    if (form.get("intent") === "resend") {
      const res = await send(s.send_method);
      if (isExpired(res.data as ApiErrorBody)) throw await restartForgotPassword(api, request);
      if (res.status !== 200) return answer(api, null, formErrorsOf(res.data as ApiErrorBody, []).formErrors);
      const next = { ...s, datetime_expire: (res.data as { datetime_expire: string }).datetime_expire };
      const headers = api.headers({ "Set-Cookie": await saveForgotState(request, next) });
      throw await redirectWithToast(stepUrl("otp"), { type: "success", message: "forgot_resent" }, { headers });
    }
    const submission = parseWithZod(form, { schema: forgotVerifySchema });
    if (submission.status !== "success") return answer(api, submission.reply());
    const res = await post<{ token: string }>("verify", { reference_id: s.reference_id, otp: submission.value.otp });
    if (isExpired(res.data as ApiErrorBody)) throw await restartForgotPassword(api, request);
    if (res.status !== 200) return answer(api, submission.reply(formErrorsOf(res.data as ApiErrorBody, ["otp"])));
    throw await goTo("reset", { ...s, token: (res.data as { token: string }).token });
  }

  // step === "reset"
  if (!s.token) throw redirect(stepUrl("otp"));
  const hideFields = ["password", "confirm_password"];
  const submission = parseWithZod(form, { schema: newPasswordSchema(await passwordRuleOf(api)) });
  if (submission.status !== "success") return answer(api, submission.reply({ hideFields }));
  const res = await post<{ detail: string }>("reset", { token: s.token, ...submission.value });
  if (isExpired(res.data as ApiErrorBody)) throw await restartForgotPassword(api, request);
  if (res.status !== 200) {
    return answer(
      api,
      submission.reply({ ...formErrorsOf(res.data as ApiErrorBody, ["password", "confirm_password"]), hideFields }),
    );
  }
  throw redirect(dash("account/changedpass"), {
    headers: api.headers({ "Set-Cookie": await clearForgotState(request) }),
  });
}

export default function ForgotPassword() {
  const { step, view, rule } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AuthCard title={t("forgot_password_title")}>
      <p className="-mt-4 mb-4 text-sm text-slate-500">
        {t("forgot_step_of", { n: STEPS.indexOf(step) + 1, total: STEPS.length })}
      </p>
      {step === "identify" ? <IdentifyStep /> : null}
      {step === "choose-identify" && view ? <ChooseStep view={view} /> : null}
      {step === "otp" && view ? <OtpStep view={view} /> : null}
      {step === "reset" && rule ? <ResetStep rule={rule} /> : null}
      <p className="mt-6 flex justify-between gap-4">
        {step !== "identify" ? <CardLink to={stepUrl("identify")}>{t("forgot_start_again")}</CardLink> : <span />}
        <CardLink to={dash("account/signin")}>{t("forgot_back_to_sign_in")}</CardLink>
      </p>
    </AuthCard>
  );
}

type View = { email: string | null; phone: string | null; sendMethods: number[]; sendMethod: number | null };

/** The last answer of this step's action, and whether a post is on its way. */
function useStepForm(id: Step) {
  const actionData = useActionData<typeof action>();
  const busy = useSubmitting();
  const [form, fields] = useForm({ id, lastResult: actionData?.result ?? null, shouldRevalidate: "onBlur" });
  return { form, fields, busy, notice: actionData?.notice ?? [] };
}

/** Error keys translated, for the form's lists. */
function useTranslatedErrors() {
  const { t } = useTranslation();
  return (errors: string[] | undefined) => errors?.map((e) => t(e));
}

function IdentifyStep() {
  const { t } = useTranslation();
  const tr = useTranslatedErrors();
  const { form, fields, busy } = useStepForm("identify");
  return (
    <>
      <h2 className="mb-2 text-lg font-medium">{t("forgot_identify_heading")}</h2>
      <p className="mb-4 text-sm text-slate-600">{t("forgot_identify_intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput />
        <ErrorList id={form.errorId} errors={tr(form.errors)} />
        <Field
          label={t("username_or_email")}
          inputProps={{
            ...getInputProps(fields.username_or_email, { type: "text" }),
            autoComplete: "username",
            autoFocus: true,
          }}
          errors={tr(fields.username_or_email.errors)}
        />
        <SubmitButton busy={busy}>{t("forgot_continue")}</SubmitButton>
      </Form>
    </>
  );
}

function ChooseStep({ view }: { view: View }) {
  const { t } = useTranslation();
  const tr = useTranslatedErrors();
  const { form, fields, busy } = useStepForm("choose-identify");
  const label = (m: number) =>
    m === SEND_METHOD.sms
      ? t("forgot_send_by_sms", { phone: view.phone })
      : t("forgot_send_by_email", { email: view.email });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <ErrorList id={form.errorId} errors={tr(form.errors)} />
      <RadioGroupField
        meta={fields.send_method}
        label={t("forgot_choose_heading")}
        errors={tr(fields.send_method.errors)}
        legendClassName="mb-2 text-lg font-medium"
        before={<p className="mb-3 text-sm text-slate-600">{t("forgot_choose_intro")}</p>}
        rowClassName="space-y-2"
        optionClassName="flex cursor-pointer items-center gap-3 rounded border border-slate-300 p-3 text-sm has-[:checked]:border-primary"
        controlClassName="accent-primary"
        options={view.sendMethods.map((m) => ({ value: String(m), label: <span>{label(m)}</span> }))}
        defaultValue={view.sendMethods[0] == null ? undefined : String(view.sendMethods[0])}
      />
      <SubmitButton busy={busy}>{t("forgot_send_submit")}</SubmitButton>
    </Form>
  );
}

function OtpStep({ view }: { view: View }) {
  const { t } = useTranslation();
  const tr = useTranslatedErrors();
  const { form, fields, busy, notice } = useStepForm("otp");
  return (
    <>
      <h2 className="mb-2 text-lg font-medium">{t("forgot_otp_heading")}</h2>
      {view.sendMethod === SEND_METHOD.sms ? (
        <Notice>{t("forgot_otp_sent_sms", { phone: view.phone })}</Notice>
      ) : (
        <CheckMailNotice email={view.email} />
      )}
      {notice.length ? <Notice tone="error">{notice.map((n) => t(n)).join(" ")}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="verify" />
        <ErrorList id={form.errorId} errors={tr(form.errors)} />
        <Field
          label={t("forgot_otp_label")}
          inputProps={{
            ...getInputProps(fields.otp, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            autoFocus: true,
            maxLength: 6,
          }}
          errors={tr(fields.otp.errors)}
        />
        <p className="text-sm text-slate-600">{t("forgot_otp_validity")}</p>
        <SubmitButton busy={busy}>{t("forgot_otp_submit")}</SubmitButton>
      </Form>
      <Form method="post" className="mt-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="resend" />
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {t("forgot_resend")}
        </button>
      </Form>
    </>
  );
}

function ResetStep({ rule }: { rule: PasswordRule }) {
  const { t } = useTranslation();
  const tr = useTranslatedErrors();
  const { form, fields, busy } = useStepForm("reset");
  return (
    <>
      <h2 className="mb-2 text-lg font-medium">{t("forgot_reset_heading")}</h2>
      <PasswordRuleList rule={rule} id="password-rule" />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput />
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
    </>
  );
}
