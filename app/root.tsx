import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { getDictionaries } from "~/i18n/dictionaries.server";
import { getLocale, languageCookie } from "~/i18n/i18next.server";
import { popToast } from "~/lms/toast.server";
import styles from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/dashboard/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const dicts = await getDictionaries();
  const { toast, clear } = await popToast(request);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  const q = new URL(request.url).searchParams;
  // A language chosen by query at start-up is remembered for the next pages.
  if (q.has("language") || q.has("lng")) headers.append("Set-Cookie", await languageCookie.serialize(locale));
  return data({ locale, dict: dicts[locale] ?? dicts.en, toast }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.dict.app_title ?? "LMS Dashboard" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const locale = rootData?.locale ?? "en";
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  // Keep the client's i18next on the page's language after navigations that change it.
  if (rootData && i18n.isInitialized && !i18n.hasResourceBundle(rootData.locale, "translation")) {
    i18n.addResourceBundle(rootData.locale, "translation", rootData.dict);
  }
  useChangeLanguage(rootData?.locale ?? "en");
  return (
    <>
      <Outlet />
      <Toaster toast={rootData?.toast ?? null} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
