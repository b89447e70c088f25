import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AlertBanner } from "~/components/shell/alert-banner";
import { FocusClearOfHeader } from "~/components/shell/focus-clear-of-header";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { IdleSignOut } from "~/components/shell/idle-sign-out";
import { lazy, memo, Suspense } from "react";
import { MessengerButton } from "~/components/shell/messenger-button";
import { SideMenu } from "~/components/shell/side-menu";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireDashboardUser } from "~/lms/auth.server";
import { visibleMenu } from "~/lms/menu.server";
import { menuHtml } from "~/lms/menu-html.server";
import { pageLocale } from "~/lms/page-locale.server";
import { offeredLanguages } from "~/lms/store.server";

// Shown only while acting as someone (docs/decisions/033), with its dates: other pages do not load
// it. The server renders it in place (the document goes once everything is ready,
// app/entry.server.tsx); the browser hydrates it when its chunk arrives.
const LoginAsBanner = lazy(() =>
  import("~/components/shell/login-as-banner").then((m) => ({ default: m.LoginAsBanner })),
);
// Memoised with its Suspense boundary: the shell draws again on every navigation, and an update
// reaching the boundary before its chunk has arrived would throw the server's banner away (React's
// #421, issue 33 item 15). Its props are strings, so an equal banner is not drawn again.
const LoginAsNotice = memo(function LoginAsNotice(p: { name: string; expire: string }) {
  return (
    <Suspense fallback={null}>
      <LoginAsBanner {...p} />
    </Suspense>
  );
});

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["shell"] };

/**
 * The default authenticated layout (spec 000 §2.1): header, left menu from the registry filtered
 * by the user's flags, alert banner and messenger button when configured, footer.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, profile, permission, config } = await requireDashboardUser(args);
  const str = (k: string) => (config[k]?.value == null ? "" : String(config[k]?.value));
  return data(
    {
      user: { name: `${profile.first_name} ${profile.last_name}`.trim(), email: profile.email, image: profile.image },
      menu: await menuHtml(visibleMenu(permission, config), await pageLocale(args.request)),
      languages: await offeredLanguages(),
      appName: str("app_name") || "LMS",
      logo: config.primary_logo_image?.url ?? "/dashboard/logo.svg",
      menuCollapsed: config["menu-collapse"]?.value === true,
      banner: config["alert-banner-is-display"]?.value === true ? str("alert-banner-message") : null,
      messenger: config["messenger-is-enabled"]?.value === true,
      // The footer's copyright year: today's, in the organisation's zone (docs/decisions/025).
      year: new Date(Date.now() + Number(config["time-zone-offset-minutes"]?.value ?? 0) * 60_000).getUTCFullYear(),
      // An administrator acting as this user (docs/decisions/033): the banner with the way back.
      loginAs:
        profile.is_login_as && profile.datetime_login_as_expire ? { expire: profile.datetime_login_as_expire } : null,
    },
    { headers: api.headers() },
  );
}

export default function Shell() {
  const d = useLoaderData<typeof loader>();
  const here = useLocation();
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only-focusable absolute left-2 top-2 z-50 rounded bg-white px-3 py-2 shadow">
        {t("skip_to_content")}
      </a>
      {/* The menu toggle is a checkbox so the menu opens and closes without JavaScript. */}
      <input
        type="checkbox"
        id="menu-toggle"
        className="peer sr-only"
        aria-label={t("menu_toggle")}
        aria-controls="side-menu"
      />
      <Header
        appName={d.appName}
        logo={d.logo}
        user={d.user}
        languages={d.languages}
        redirectTo={here.pathname + here.search}
      />
      <SideMenu html={d.menu} collapsed={d.menuCollapsed} />
      <div className={`flex min-h-[calc(100vh-50px)] flex-col ${d.menuCollapsed ? "" : "lg:pl-60"}`}>
        {d.loginAs ? <LoginAsNotice name={d.user.name} expire={d.loginAs.expire} /> : null}
        {d.banner ? <AlertBanner message={d.banner} /> : null}
        <main id="main" className="flex-1 px-5 py-6 sm:px-10 xl:px-20 2xl:px-[150px]">
          <Outlet />
        </main>
        <Footer appName={d.appName} year={d.year} />
      </div>
      {d.messenger ? <MessengerButton /> : null}
      <IdleSignOut />
      <FocusClearOfHeader />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
