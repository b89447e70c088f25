import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { BrowserExtras } from "~/components/browser-extras";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { I18nPayloadScript } from "~/components/i18n-payload";
import { PageTitle } from "~/components/page-title";
import { pageNamespaces } from "~/i18n/namespaces";
import { TYPE_NAMESPACES, TYPE_NOUNS } from "~/i18n/namespaces.server";
import { usePageTexts } from "~/i18n/react";
import { useNonce } from "~/components/nonce";
import { Toaster } from "~/components/toaster";
import { languageCookie } from "~/i18n/i18next.server";
import { pageLocale } from "~/lms/page-locale.server";
import { csrfFor } from "~/lms/csrf.server";
import { brandOf } from "~/lms/brand.server";
import { getConfig, offeredLanguages } from "~/lms/store.server";
import { popToast } from "~/lms/toast.server";
import styles from "~/tailwind.css";

export const handle = { i18n: ["messages", "ui"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, config, languages] = await Promise.all([pageLocale(request), getConfig(), offeredLanguages()]);
  const { toast, clear } = await popToast(request);
  const [csrf, csrfCookie] = await csrfFor(request).commitToken(request);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  const q = new URL(request.url).searchParams;
  // A language chosen by query at start-up is remembered for the next pages (spec 000 §2.14).
  if (q.has("language") || q.has("lng")) headers.append("Set-Cookie", await languageCookie.serialize(locale));
  const brand = brandOf(config, request);
  // Which namespaces each content type's pages add, and its noun (the browser has no registry to ask).
  return data(
    { locale, languages, toast, csrf, brand, typeNamespaces: TYPE_NAMESPACES, typeNouns: TYPE_NOUNS },
    { headers },
  );
}

/**
 * The head's description and Open Graph tags from config (spec 000 §3), og:image when one is set.
 * The <title> is <PageTitle/>'s (docs/decisions/025): a route's `meta` sees the matches down to its
 * own route only, so the root's cannot name the page.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { name: "description", content: data?.brand.metaDescription ?? "" },
  { property: "og:title", content: data?.brand.ogTitle ?? "" },
  { property: "og:description", content: data?.brand.ogDescription ?? "" },
  ...(data?.brand.ogImage ? [{ property: "og:image", content: data.brand.ogImage }] : []),
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = rootData?.locale ?? "en";
  return (
    <html
      lang={locale === "jp" ? "ja" : locale === "ch" ? "zh" : locale}
      data-locale={locale}
      style={rootData?.brand.primaryStyle}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageTitle />
        <Meta />
        <link
          rel="icon"
          href={
            rootData?.brand.favicon && !rootData.brand.favicon.endsWith(".ico")
              ? rootData.brand.favicon
              : "/dashboard/favicon.svg"
          }
        />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        {/* In the layout, so error pages have the loading bar's failed state and the offline guard too. */}
        <BrowserExtras />
        <I18nPayloadScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  // The page's namespaces: in the browser a navigation to a page that needs one not loaded yet
  // suspends here until it arrives (inside the navigation's transition, so the old page stays).
  usePageTexts(
    rootData?.locale ?? "en",
    pageNamespaces(useMatches(), useLocation().pathname, rootData?.typeNamespaces ?? {}),
  );
  return (
    <AuthenticityTokenProvider token={rootData?.csrf ?? ""}>
      <Outlet />
      <Toaster toast={rootData?.toast ?? null} />
    </AuthenticityTokenProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
