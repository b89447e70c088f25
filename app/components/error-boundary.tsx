import { isRouteErrorResponse, useRevalidator, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { dash } from "~/lms/paths";
import { isHydrated, reportRequestFailure } from "./browser-extras";
import { isNetworkFailure, NoNetwork } from "./no-network";

/**
 * The route error page (spec 002 §8): status (default 500) and message, and a way home; the
 * no-network page when the request never reached the server (spec 000 §4). If rendering it
 * fails, the inner fallback still shows a message with a home link.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  // After hydration an error here is a client navigation's or form's failed request: the
  // loading bar shows its failed state (spec 000 §7).
  useEffect(() => {
    if (isHydrated()) reportRequestFailure();
  }, [error]);
  try {
    return isNetworkFailure(error) ? <NoNetworkPage /> : <ErrorContent error={error} />;
  } catch {
    return <ErrorPageFailure />;
  }
}

/** The page's data could not be fetched: tried again on "Try again" and as soon as the browser is back online. */
function NoNetworkPage() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    window.addEventListener("online", revalidate);
    return () => window.removeEventListener("online", revalidate);
  }, [revalidate]);
  return (
    <main>
      <NoNetwork titleId="no-network-title" onRetry={revalidate} />
    </main>
  );
}

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  const title =
    status === 404
      ? t("error_404_title", "This page could not be found")
      : t(`error_${status}_title`, t("error_500_title", "An error occurred"));
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center p-10 text-center">
      <p className="text-5xl font-bold text-slate-500">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{t(`error_${status}_description`, t("error_500_description", ""))}</p>
      <a className="mt-6 inline-block rounded bg-primary px-4 py-2 text-primary-fg" href={dash()}>
        {t("go_to_home", "Go to home")}
      </a>
    </main>
  );
}

function ErrorPageFailure() {
  return (
    <main className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-xl font-semibold">An error occurred while showing the error page.</h1>
      <a className="mt-4 inline-block underline" href={dash()}>
        Go to home
      </a>
    </main>
  );
}
