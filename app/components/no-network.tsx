import { isRouteErrorResponse } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";

/** What a fetch that reached no server throws, as each browser words it (a TypeError). */
const NETWORK_MESSAGES = new Set([
  "Failed to fetch",
  "NetworkError when attempting to fetch resource.",
  "Load failed",
  "Network request failed",
]);

/**
 * Whether a route error is the network's, not the server's: the page's data request (Remix's
 * `.data` fetch of a client navigation or form) failed before any answer, which Remix hands to
 * the error boundary as the fetch's TypeError; or the browser says it is offline. In the browser
 * only: what a server renders is never this.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof document === "undefined") return false;
  if (error instanceof TypeError && NETWORK_MESSAGES.has(error.message)) return true;
  return !navigator.onLine && !isRouteErrorResponse(error);
}

/**
 * The no-network page's content (spec 000 §4, 002 §8: a title and a description), and a button
 * that tries again what failed. Its wrapper says what it is: the error boundary's page (a main
 * landmark) or the offline dialog over a page whose navigation was held back.
 */
export function NoNetwork({
  onRetry,
  titleId,
  focus = false,
}: {
  onRetry: () => void;
  titleId: string;
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center p-10 text-center">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-12 w-12 text-slate-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      >
        <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18" />
      </svg>
      <h1 id={titleId} className="mt-4 text-2xl font-semibold">
        {t("error_no_network_title")}
      </h1>
      <p className="mt-2 text-slate-600">{t("error_no_network_description")}</p>
      <button
        ref={button}
        type="button"
        onClick={onRetry}
        className="mt-6 inline-block rounded bg-primary px-4 py-2 text-primary-fg"
      >
        {t("try_again")}
      </button>
    </div>
  );
}
