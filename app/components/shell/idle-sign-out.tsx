import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { SESSION_IDLE_SECONDS } from "../../../contract/http";
import { CSRF_FIELD } from "~/lms/csrf-field";

const EVENTS = ["mousemove", "keydown", "click", "scroll", "touchstart"] as const;

/**
 * Signs out after 15 minutes without activity in this tab (spec 000 §9). The server's idle expiry
 * is the real guard; this only spares the user from working on a page that will refuse them.
 */
export function IdleSignOut() {
  const fetcher = useFetcher();
  const token = useAuthenticityToken();
  const { pathname, search } = useLocation();
  const here = useRef(pathname + search);
  here.current = pathname + search;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        fetcher.submit(
          { [CSRF_FIELD]: token, next: here.current, idle: "1" },
          { method: "post", action: "/dashboard/account/logout" },
        );
      }, SESSION_IDLE_SECONDS * 1000);
    };
    arm();
    for (const e of EVENTS) window.addEventListener(e, arm, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of EVENTS) window.removeEventListener(e, arm);
    };
    // The fetcher and token are stable for the page's life; re-arming on them would reset the clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
