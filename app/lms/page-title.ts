import { SCREENS } from "~/registry/screens.js";
import { PRIVACY_PAGES, privacyPage } from "./privacy-pages";

/**
 * Every page's <title> (issue 14 §5, docs/decisions/025): the page, then what it belongs to, most
 * specific first, then the application's name, one separator everywhere —
 * "Competency · Safety basics · Courses · LMS". Built from the matched routes: a content page's
 * parts come with the loader data of the route that leads it (content-titles.server.ts reads them
 * from the content registry: tab, sub-page or overall page, the item's name, the type's plural
 * noun), the other screens' from screens.js, plus the few one-off pages below. Client-safe: keys
 * and names, no texts, and not the content registry.
 */
export const TITLE_SEPARATOR = " · ";

/** A dictionary key (with `values`: placeholders filled with other keys' texts) or a text as it is. */
export type TitlePart = { key: string; values?: Record<string, string> } | { text: string };
/** A content route's title parts by route id, `{ item: true }` where the item's name goes. */
export type ContentTitles = Record<string, (TitlePart | { item: true })[]>;

/** What a title needs of a matched route: Remix's `useMatches()` entries. */
export type TitleMatch = { id: string; data?: unknown; params?: Record<string, string | undefined> };

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
  error: (m) => key(errorKey((m.data as { code?: string } | undefined)?.code ?? "500")),
  "dashboard-not-found": () => key("error_404_title"),
  "site-not-found": () => key("error_404_title"),
};

/** The title key of an error page by its code (routes/error.tsx) or HTTP status. */
export const errorKey = (code: string | number) => `error_${String(code).replace(/-/g, "_")}_title`;

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

/**
 * The title's text: `parts` translated by `t` (a part whose text is empty is left out), then the
 * application's name; a page without parts is the application's own title ("LMS Dashboard").
 */
export function titleText(parts: readonly TitlePart[], appName: string, t: (key: string, values?: Record<string, string>) => string): string {
  const texts = parts.map((p) => ("text" in p ? p.text : t(p.key, p.values && Object.fromEntries(Object.entries(p.values).map(([k, v]) => [k, t(v)]))))).filter(Boolean);
  return [...(texts.length ? texts : [t("app_title")]), appName].filter(Boolean).join(TITLE_SEPARATOR);
}
