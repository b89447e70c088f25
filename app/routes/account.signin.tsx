import { getFormProps, getInputProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Profile } from "../../contract/schemas/account";
import { MSG } from "../../contract/messages";
import { AuthCard, CardLink } from "~/components/auth-card";
import { CsrfInput, ErrorList, Field } from "~/components/forms";
import { lms } from "~/lms/api.server";
import { readForm } from "~/lms/read-form.server";
import { getProfile } from "~/lms/auth.server";
import { requireCsrf } from "~/lms/csrf.server";
import { loginSchema, parseWithZod } from "~/lms/schemas.server";
import { afterSignIn, lockShown, type SignInLock } from "~/lms/sign-in.server";
import { dash, safeNext } from "~/lms/paths";
import { useSubmitting } from "~/components/use-submitting";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

type LockAnswer = { is_lock_login: true; lock: SignInLock };

/** A signed-in visitor goes on to `next` (or home); `?error` signs them out instead (spec 000 §4). */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = lms(request);
  const url = new URL(request.url);
  const profile = await getProfile(api);
  if (profile) {
    if (!url.searchParams.has("error")) throw api.redirect(safeNext(url.searchParams.get("next")) ?? dash());
    await api.signOut();
  }
  return data({ csrf: api.csrfToken }, { headers: api.headers() });
}

export async function action({ request }: ActionFunctionArgs) {
  const api = lms(request);
  const { form, refusal } = await readForm(request);
  if (!form) return data({ result: refusal.result, lock: null }, { status: refusal.status });
  await requireCsrf(api, form);
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), lock: null }, { status: 400 });
  }
  const res = await api.post<Profile | LockAnswer | Record<string, string | string[]>>(
    "dashboard/account/login/",
    submission.value,
    { accept: [400, 429] },
  );
  if (res.status !== 200) {
    const body = res.data as Record<string, string | string[]>;
    // The right password, but the administrator asked for a new one or it expired (docs/decisions/082):
    // to the reset page with its token, which says why.
    const reason =
      body.detail === MSG.password_change_required
        ? "required"
        : body.detail === MSG.password_expired
          ? "expired"
          : null;
    if (reason && typeof body.token === "string") {
      throw redirect(`${dash("account/reset-password")}?${new URLSearchParams({ token: body.token, reason })}`, {
        headers: api.headers(),
      });
    }
    const formErrors = body.detail ? [String(body.detail)] : [];
    const fieldErrors = Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => k !== "detail")
        .map(([k, v]) => [k, ([] as string[]).concat(v)]),
    );
    return data(
      { result: submission.reply({ formErrors, fieldErrors, hideFields: ["password"] }), lock: null },
      { status: 400, headers: api.headers() },
    );
  }
  if ("is_lock_login" in res.data) {
    const lock = await lockShown(request, (res.data as LockAnswer).lock);
    return data(
      { result: submission.reply({ hideFields: ["password"] }), lock },
      { status: 200, headers: api.headers() },
    );
  }
  throw await afterSignIn(api, request, res.data as Profile);
}

export default function SignIn() {
  const { csrf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldRevalidate: "onBlur" });
  const lock = actionData?.lock;
  return (
    <AuthCard title={t("sign_in_title")}>
      {lock ? (
        <div role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{t("account_locked")}</p>
          <p className="mt-1">{t("lock_detail", { count: lock.count_attempt, max: lock.max_attempt, at: lock.at })}</p>
          {lock.unlockAt ? <p className="mt-1">{t("lock_unlock_at", { at: lock.unlockAt })}</p> : null}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput token={csrf} />
        <ErrorList id={form.errorId} errors={form.errors?.map((e) => t(e))} />
        <Field
          label={t("username_or_email")}
          inputProps={{
            ...getInputProps(fields.username, { type: "text" }),
            autoComplete: "username",
            autoFocus: true,
          }}
          errors={fields.username.errors?.map((e) => t(e))}
        />
        <Field
          label={t("password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors?.map((e) => t(e))}
        />
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded bg-primary px-4 py-2 font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
        >
          {t("sign_in")}
        </button>
      </Form>
      <p className="mt-4 text-center">
        <CardLink to={dash("account/forgot-password")}>{t("forgot_password_link")}</CardLink>
      </p>
    </AuthCard>
  );
}
