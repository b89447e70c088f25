import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import { CLIENT_VERSION } from "../../contract/http";
import { dash } from "~/lms/paths";
import { NoNetwork } from "./no-network";

const VERSION_KEY = "lms.client_version";
const UUID_KEY = "lms.uuid";
/** Loading bar throttle (spec 000 §9): quick navigations show no bar at all. */
const BAR_DELAY_MS = 200;
/** How long the bar shows a failed request (spec 000 §7) before it clears. */
const FAILED_SHOW_MS = 2_000;

/**
 * Failed requests, as the loading bar learns of them: Remix's navigation state only says a
 * navigation ended, not that it failed. Set by the error boundary (a client navigation or form
 * whose request failed), the offline guard and a navigation that ends on an error page.
 */
let failedAt = 0;
const failureListeners = new Set<() => void>();
/** Set once the page has hydrated: an error boundary rendered after that is a failed request. */
let hydrated = false;

export function reportRequestFailure() {
  failedAt = Date.now();
  for (const listener of failureListeners) listener();
}
export const isHydrated = () => hydrated;

const subscribeFailures = (listener: () => void) => {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
};

/**
 * What JavaScript adds on every page (spec 000 §4, §7, §9): local storage is cleared when the
 * stored client version differs from this one, a unique id is kept, a top loading bar shows on
 * navigations that take longer than 200 ms and turns to its failed state when one fails, and
 * going offline is tracked. Rendered by the root layout, so error pages have it too. Without JS
 * none of it is needed (the browser shows its own progress and its own offline page).
 */
export function BrowserExtras() {
  useEffect(() => {
    hydrated = true;
    try {
      if (localStorage.getItem(VERSION_KEY) !== CLIENT_VERSION) {
        localStorage.clear();
        localStorage.setItem(VERSION_KEY, CLIENT_VERSION);
      }
      if (!localStorage.getItem(UUID_KEY)) localStorage.setItem(UUID_KEY, crypto.randomUUID());
    } catch {
      // Storage may be disabled (private mode): nothing depends on it.
    }
  }, []);
  return (
    <>
      <LoadingBar />
      <OfflineGuard />
    </>
  );
}

/** Whether a request failed less than FAILED_SHOW_MS ago (re-rendering when that ends). */
function useRecentFailure(): boolean {
  const at = useSyncExternalStore(
    subscribeFailures,
    () => failedAt,
    () => 0,
  );
  const [, expire] = useState(0);
  const recent = at > 0 && Date.now() - at < FAILED_SHOW_MS;
  useEffect(() => {
    if (!recent) return;
    const timer = setTimeout(() => expire((n) => n + 1), FAILED_SHOW_MS - (Date.now() - at));
    return () => clearTimeout(timer);
  }, [at, recent]);
  return recent;
}

function LoadingBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const failed = useRecentFailure();
  const { pathname } = useLocation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  // A navigation the server ended on an error page (its API call failed: 504, 500…) failed too.
  useEffect(() => {
    if (hydrated && pathname.startsWith(dash("error/"))) reportRequestFailure();
  }, [pathname]);
  if (busy) {
    if (!shown) return null;
    return (
      <div
        role="progressbar"
        aria-label={t("loading")}
        data-state="loading"
        className="fixed inset-x-0 top-0 z-[80] h-0.5 overflow-hidden bg-primary/20"
      >
        <div className="h-full w-1/3 animate-[loading_1.2s_ease-in-out_infinite] bg-primary" />
      </div>
    );
  }
  if (!failed) return null;
  // The failed state (spec 000 §7: the bar fails on request errors): full width, red, and said.
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[80]">
      <div
        role="progressbar"
        aria-label={t("loading_failed")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={100}
        data-state="failed"
        className="h-1 bg-red-600"
      />
      <p role="alert" className="mx-auto w-fit rounded-b bg-red-600 px-3 py-0.5 text-xs font-medium text-white">
        {t("loading_failed")}
      </p>
    </div>
  );
}

/** A navigation or submission held back while offline, to try again. */
type Held =
  | { kind: "link"; el: HTMLAnchorElement; href: string }
  | { kind: "form"; el: HTMLFormElement; submitter: HTMLElement | null; get: boolean };

/**
 * Offline (spec 000 §4: online and offline state is tracked), a click on a link of this site or a
 * form's submission would end on the browser's own error page (a plain link, or a route whose
 * code is not loaded yet) or on a failed data request. It is held back and the no-network page
 * shown over the page instead, which stays as it was beneath. Back online, a held link or search
 * form goes on by itself; a held POST form waits for the user (what they typed is still there),
 * and "Try again" sends it. Escape closes the no-network page.
 *
 * Online, the same listener makes a click on a link marked `data-client-nav`, or inside a
 * container so marked (the menu), a client-side navigation. They are plain links, not Remix's NavLink: a NavLink
 * resolves its path and reads the router's state as it renders, about 75 µs each, and the menu's
 * 47 cost the course list a third of its CPU (bench/profile.ts, docs/decisions/092).
 */
function OfflineGuard() {
  const [held, setHeld] = useState<Held | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const hold = (event: Event, what: Held) => {
      event.preventDefault();
      event.stopPropagation();
      setHeld(what);
      reportRequestFailure();
    };
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== "_self") ||
        link.hasAttribute("download")
      )
        return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      if (navigator.onLine) {
        if (!link.closest("[data-client-nav]")) return;
        event.preventDefault();
        navigate(to.pathname + to.search + to.hash);
        return;
      }
      if (to.hash && to.pathname === window.location.pathname && to.search === window.location.search) return; // within the page
      hold(event, { kind: "link", el: link, href: to.href });
    };
    const onSubmit = (event: SubmitEvent) => {
      if (navigator.onLine || !(event.target instanceof HTMLFormElement)) return;
      const method = event.submitter?.getAttribute("formmethod") ?? event.target.method;
      hold(event, { kind: "form", el: event.target, submitter: event.submitter, get: method.toLowerCase() === "get" });
    };
    // Capturing on the window: before React's own handlers (Remix's links and forms) see the event.
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", onSubmit, true);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, [navigate]);

  const retry = useCallback(() => {
    if (!held || !navigator.onLine) return;
    setHeld(null);
    if (held.kind === "link") {
      if (held.el.isConnected) held.el.click();
      else window.location.assign(held.href);
    } else if (held.el.isConnected) {
      const submitter = held.submitter as HTMLButtonElement | HTMLInputElement | null;
      held.el.requestSubmit(submitter?.form === held.el ? submitter : undefined);
    }
  }, [held]);

  useEffect(() => {
    if (!held) return;
    const online = () => (held.kind === "link" || held.get ? retry() : setHeld(null));
    const escape = (event: KeyboardEvent) => event.key === "Escape" && setHeld(null);
    window.addEventListener("online", online);
    window.addEventListener("keydown", escape);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("keydown", escape);
    };
  }, [held, retry]);

  if (!held) return null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      className="fixed inset-0 z-[70] overflow-auto bg-slate-50"
    >
      <NoNetwork titleId="offline-title" onRetry={retry} focus />
    </div>
  );
}
