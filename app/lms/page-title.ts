import { SCREENS } from "~/registry/screens.js";
import { PRIVACY_PAGES, privacyPage } from "./privacy-pages";
import type { TitleMatch, TitlePart } from "./title-text";

// Types only: the browser loads this module on its own (app/components/page-title.tsx), and one
// it shared with every page would be one more file on every page.
export type { TitleMatch, TitlePart } from "./title-text";

/**
 * Every page's <title> (issue 14 §5, docs/decisions/025): the page, then what it belongs to, most
 * specific first, then the application's name, one separator everywhere —
 * "Competency · Safety basics · Courses · LMS". Built from the matched routes: a content page's
 * parts come with the loader data of the route that leads it (content-titles.server.ts reads them
 * from the content registry: tab, sub-page or overall page, the item's name, the type's plural
 * noun), the other screens' from screens.js, plus the few one-off pages below. Client-safe: keys
 * and names, no texts, and not the content registry. The server's render reads it; the browser
 * loads it only once a page's title has to change (app/components/page-title.tsx, decision 087),
 * so the screens registry is not part of every page's JavaScript.
 */

/** A content route's title parts by route id, `{ item: true }` where the item's name goes. */
export type ContentTitles = Record<string, (TitlePart | { item: true })[]>;

const key = (k: string | undefined): TitlePart[] => (k ? [{ key: k }] : []);

/** The pages outside the registries (app/registry/route-manifest.js ids): their title. */
const ONE_OFF: Record<string, (m: TitleMatch) => TitlePart[]> = {
  "account-signin": () => key("sign_in_title"),
  "account-login": () => key("sign_in_title"),
  "account-forgot-password": () => key("forgot_password_title"),
  "account-checkmail": () => key("checkmail_title"),
  "account-changedpass": () => key("changedpass_title"),
  "account-reset-password": () => key("reset_link_title"),
  "account-validate": () => key("sso_title"),
  "account-logout": () => key("sign_out_confirm_title"),
  "privacy-data": (m) => {
    const topic = (m.data as { doc?: { topic?: string } | null } | undefined)?.doc?.topic;
    const page = privacyPage(m.params?.page);
    return topic ? [{ text: topic }] : key(page ? PRIVACY_PAGES[page].titleKey : undefined);
  },
  // A class's check-in QR sheets and the address a code leads to (docs/decisions/042).
  "print-class-qrcode": (m) => {
    const name = (m.data as { klass?: { name?: string } } | undefined)?.klass?.name;
    return [...key("cls_qr_title"), ...(name ? [{ text: name }] : [])];
  },
  // Regenerating a session's code, confirmed on a page of its own (docs/decisions/077).
  "print-class-qrcode-regenerate": (m) => {
    const name = (m.data as { className?: string } | undefined)?.className;
    return [...key("cls_qr_regenerate_title"), ...(name ? [{ text: name }] : [])];
  },
  // The learners' personal codes (docs/decisions/046).
  "print-class-learner-qrcode": (m) => {
    const name = (m.data as { klass?: { name?: string } } | undefined)?.klass?.name;
    return [...key("cls_learner_codes_title"), ...(name ? [{ text: name }] : [])];
  },
  checkin: () => key("cls_scan_title"),
  // title-text.ts's errorKey, written out: see the imports above.
  error: (m) =>
    key(`error_${String((m.data as { code?: string } | undefined)?.code ?? "500").replace(/-/g, "_")}_title`),
  "dashboard-not-found": () => key("error_404_title"),
  "site-not-found": () => key("error_404_title"),
};

/**
 * The parts of a page's title, most specific first, without the application's name: from the
 * deepest matched route that has one. Empty: the page has no title of its own.
 */
export function titleParts(matches: readonly TitleMatch[]): TitlePart[] {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    // A content page: its parts from the loader data of the route that leads it (itself, or the item layout).
    for (let j = i; j >= 0; j--) {
      const data = matches[j].data as { titles?: ContentTitles; item?: { name?: string } } | undefined;
      const parts = data?.titles?.[m.id];
      if (!parts) continue;
      const name = data?.item?.name;
      return parts.flatMap((p) => ("item" in p ? (name ? [{ text: name }] : []) : [p]));
    }
    const screen = SCREENS.find((s) => s.id === m.id);
    if (screen) return key(screen.labelKey);
    const oneOff = ONE_OFF[m.id];
    if (oneOff) return oneOff(m);
  }
  return [];
}
