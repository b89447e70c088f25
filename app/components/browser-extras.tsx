import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CLIENT_VERSION } from "../../contract/http";

const VERSION_KEY = "lms.client_version";
const UUID_KEY = "lms.uuid";
/** Loading bar throttle (spec 000 §9): quick navigations show no bar at all. */
const BAR_DELAY_MS = 200;

/**
 * What JavaScript adds on every page (spec 000 §4, §9): local storage is cleared when the stored
 * client version differs from this one, a unique id is kept, and a top loading bar shows on
 * navigations that take longer than 200 ms. Without JS none of it is needed.
 */
export function BrowserExtras() {
  useEffect(() => {
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
  return <LoadingBar />;
}

function LoadingBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), BAR_DELAY_MS);
    return () => clearTimeout(t);
  }, [busy]);
  if (!shown) return null;
  return (
    <div role="progressbar" aria-label={t("loading")} className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 animate-[loading_1.2s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
