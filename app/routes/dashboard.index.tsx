import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireDashboardUser } from "~/lms/auth.server";
import { dash } from "~/lms/paths";
import { CsrfInput } from "~/components/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, profile } = await requireDashboardUser(request);
  return data({ profile, csrf: api.csrfToken }, { headers: api.headers() });
}

export default function Home() {
  const { profile, csrf } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">{t("welcome_name", { name: `${profile.first_name} ${profile.last_name}` })}</h1>
      <form method="post" action={dash("account/logout")} className="mt-6">
        <CsrfInput token={csrf} />
        <button type="submit" className="rounded border px-3 py-1.5 text-sm">{t("sign_out")}</button>
      </form>
    </main>
  );
}
