import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { dash } from "~/lms/paths";

/** The full-page errors of spec 002 §8, each with a title, a description and a way home. */
const KNOWN = [
  "400",
  "403",
  "404",
  "500",
  "504",
  "server-maintenance",
  "no-network",
  "unsupported-browser",
  "rooted-device",
];

export function loader({ params }: LoaderFunctionArgs) {
  const code = KNOWN.includes(params.status ?? "") ? params.status! : params.status ? "404" : "500";
  const status = /^\d+$/.test(code) ? Number(code) : code === "server-maintenance" ? 503 : 200;
  return new Response(JSON.stringify({ code }), { status, headers: { "content-type": "application/json" } });
}

/** Kept out of search engines; its title, the error's, is <PageTitle/>'s (docs/decisions/025). */
export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...matches.flatMap((m) => m.meta ?? []),
  { name: "robots", content: "noindex" },
];

export default function ErrorPage() {
  const { code } = useLoaderData<{ code: string }>();
  const { t } = useTranslation();
  const key = code.replace(/-/g, "_");
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center p-10 text-center">
      {/^\d+$/.test(code) ? <p className="text-5xl font-bold text-slate-500">{code}</p> : null}
      <h1 className="mt-4 text-2xl font-semibold">{t(`error_${key}_title`)}</h1>
      <p className="mt-2 text-slate-600">{t(`error_${key}_description`)}</p>
      <a className="mt-6 inline-block rounded bg-primary px-4 py-2 text-primary-fg" href={dash()}>
        {t("go_to_home")}
      </a>
    </main>
  );
}
