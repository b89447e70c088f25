import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import type { Profile } from "../../contract/schemas/account";
import { AuthCard, CardLink, Notice, SubmitButton } from "~/components/auth-card";
import { CsrfInput } from "~/components/form-basics";
import { ensureApiSession, formErrorsOf, TOKEN_PAGE_HEADERS, type ApiErrorBody } from "~/lms/account-recovery.server";
import { lms } from "~/lms/api.server";
import { readForm } from "~/lms/read-form.server";
import { requireCsrf } from "~/lms/csrf.server";
import { dash } from "~/lms/paths";
import { afterSignIn } from "~/lms/sign-in.server";
import { useSubmitting } from "~/components/use-submitting";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

/**
 * The single-sign-on return (spec 000 §2.2 /account/validate?token=…, docs/decisions/005). A GET
 * never signs in: the page shows a Continue button that posts the one-time token; the API uses it
 * up and starts a session, then the user goes on like after a sign-in (terms, next).
 */
const tokenOf = (value: unknown) =>
  typeof value === "string" && value.length > 0 && value.length <= 512 ? value : null;

export const meta: MetaFunction = ({ matches }) => [
  ...matches.flatMap((m) => m.meta ?? []),
  { name: "referrer", content: "same-origin" },
];
export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export async function loader({ request }: LoaderFunctionArgs) {
  const api = lms(request);
  await ensureApiSession(api);
  return data(
    { token: tokenOf(new URL(request.url).searchParams.get("token")) },
    { headers: api.headers(TOKEN_PAGE_HEADERS) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const api = lms(request);
  const { form, refusal } = await readForm(request);
  if (!form) return data({ errors: [refusal.message] }, { status: refusal.status });
  await requireCsrf(api, form);
  const token = tokenOf(form.get("token"));
  if (!token) return data({ errors: [MSG.sso_token_invalid] }, { status: 400, headers: api.headers() });
  await ensureApiSession(api);
  const res = await api.post<Profile | ApiErrorBody>("account/sso/validate/", { token }, { accept: [400, 429] });
  if (res.status !== 200)
    return data(
      { errors: formErrorsOf(res.data as ApiErrorBody, []).formErrors },
      { status: 400, headers: api.headers() },
    );
  throw await afterSignIn(api, request, res.data as Profile);
}

export default function Validate() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  const errors = token ? (actionData?.errors ?? []) : [MSG.sso_token_invalid];
  return (
    <AuthCard title={t("sso_title")}>
      {errors.length ? (
        <>
          <Notice tone="error">{errors.map((e) => t(e)).join(" ")}</Notice>
          <p className="text-sm text-slate-700">{t("sso_failed_hint")}</p>
          <p className="mt-6">
            <CardLink to={dash("account/signin")}>{t("sso_sign_in_instead")}</CardLink>
          </p>
        </>
      ) : (
        <Form method="post" className="space-y-4">
          <CsrfInput />
          <input type="hidden" name="token" value={token ?? ""} />
          <p className="text-sm text-slate-700">{t("sso_intro")}</p>
          <SubmitButton busy={busy}>{t("sso_continue")}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
