import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { BrowserExtras } from "~/components/browser-extras";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useNonce } from "~/components/nonce";
import { Toaster } from "~/components/toaster";
import { getLocale, languageCookie } from "~/i18n/i18next.server";
import { csrfFor } from "~/lms/csrf.server";
import { brandStyle } from "~/lms/brand";
import { getConfig, getDictionaries, offeredLanguages } from "~/lms/store.server";
import { popToast } from "~/lms/toast.server";
import styles from "~/tailwind.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [detected, dicts, config, languages] = await Promise.all([getLocale(request), getDictionaries(), getConfig(), offeredLanguages()]);
  const locale = languages.includes(detected) ? detected : "en";
  const { toast, clear } = await popToast(request);
  const [csrf, csrfCookie] = await csrfFor(request).commitToken(request);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  const q = new URL(request.url).searchParams;
  // A language chosen by query at start-up is remembered for the next pages (spec 000 §2.14).
  if (q.has("language") || q.has("lng")) headers.append("Set-Cookie", await languageCookie.serialize(locale));
  const brand = {
    appName: String(config.app_name?.value ?? "LMS"),
    primaryColor: String(config.primary_color?.value ?? "#1d4ed8"),
    favicon: config.favicon_image?.url ?? null,
    metaDescription: String(config["meta-description"]?.value ?? ""),
    ogTitle: String(config["og-title"]?.value ?? ""),
    ogDescription: String(config["og-description"]?.value ?? ""),
    // The sign-in layouts (spec 000 §2.1): variant 1 or 2, background image and logo from config.
    loginLayout: Number(config["login-layout"]?.value ?? 1) === 2 ? 2 : 1,
    loginBackground: config.login_background_image?.url ?? null,
    logo: config.primary_logo_image?.url ?? "/dashboard/logo.svg",
  };
  return data({ locale, languages, dict: dicts[locale] ?? dicts.en, toast, csrf, brand }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.dict.app_title ?? "Dashboard"} · ${data.brand.appName}` : "LMS Dashboard" },
  { name: "description", content: data?.brand.metaDescription ?? "" },
  { property: "og:title", content: data?.brand.ogTitle ?? "" },
  { property: "og:description", content: data?.brand.ogDescription ?? "" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = rootData?.locale ?? "en";
  return (
    <html lang={locale === "jp" ? "ja" : locale === "ch" ? "zh" : locale} data-locale={locale} style={brandStyle(rootData?.brand.primaryColor)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={rootData?.brand.favicon && !rootData.brand.favicon.endsWith(".ico") ? rootData.brand.favicon : "/dashboard/favicon.svg"} />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
    <AuthenticityTokenProvider token={rootData?.csrf ?? ""}>
      <Outlet />
      <Toaster toast={rootData?.toast ?? null} />
      <BrowserExtras />
    </AuthenticityTokenProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
