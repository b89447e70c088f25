import { CONTENT_TYPES, contentRoutes } from "~/registry/content.js";
import { SCREENS } from "~/registry/menu.js";

/**
 * Every page's <title> (issue 14 §5, docs/decisions/025): the page, then what it belongs to, most
 * specific first, then the application's name, one separator everywhere —
 * "Competency · Safety basics · Courses · LMS". Built from the matched routes and the registries
 * (content.js: a content page's tab, sub-page or overall page, its item's name from the item
 * layout's loader data, the type's plural noun; menu.js: the home screens), plus the few one-off
 * pages below. Client-safe: keys and names, no texts.
 */
export const TITLE_SEPARATOR = " · ";

/** A dictionary key (with `values`: placeholders filled with other keys' texts) or a text as it is. */
export type TitlePart = { key: string; values?: Record<string, string> } | { text: string };

/** What a title needs of a matched route: Remix's `useMatches()` entries. */
export type TitleMatch = { id: string; data?: unknown; params?: Record<string, string | undefined> };

type ContentType = (typeof CONTENT_TYPES)[number];
type Tab = { id: string; labelKey: string; children?: Tab[] };
type ContentRoute = { id: string; type: string; tab?: string; sub?: string; overall?: string; page?: string; children?: ContentRoute[] };
type ContentTitle = { type: ContentType; labels: TitlePart[]; ofItem: boolean };

const key = (k: string | undefined): TitlePart[] => (k ? [{ key: k }] : []);

/** A content route's own labels, most specific first: sub-page, then its tab or overall page. */
function labelsOf(type: ContentType, route: ContentRoute): TitlePart[] {
  const find = (list: readonly Tab[] | undefined, id: string | undefined) => (id ? list?.find((t) => t.id === id) : undefined);
  if (route.id === `${type.key}.create`) return [{ key: "create_title", values: { type: type.labelKey } }];
  if (route.tab || (route.overall && route.overall !== "index")) {
    const parent = route.tab ? find(type.tabs as readonly Tab[], route.tab) : find(type.overall as readonly Tab[], route.overall);
    return [...key(find(parent?.children, route.sub)?.labelKey), ...key(parent?.labelKey)];
  }
  if (route.overall === "index") return key(type.overallIndex?.labelKey);
  if (route.page) return key(find((type.pages ?? []) as readonly Tab[], route.page)?.labelKey);
  return [];
}

let contentTitles: Map<string, ContentTitle> | undefined;
/** Route id → title of every content route the registry yields (built once). */
function contentTitleOf(id: string): ContentTitle | undefined {
  if (!contentTitles) {
    contentTitles = new Map();
    for (const top of contentRoutes() as ContentRoute[]) {
      const type = CONTENT_TYPES.find((t) => t.key === top.type);
      if (!type) continue;
      for (const route of [top, ...(top.children ?? [])]) {
        contentTitles.set(route.id, { type, labels: labelsOf(type, route), ofItem: route !== top || top.id === `${type.key}.detail` });
      }
    }
  }
  return contentTitles.get(id);
}

/** The documents of /privacy-data/{page} (routes/privacy-data.tsx), by page. */
const PRIVACY_PAGES: Record<string, string> = { "privacy-notice": "privacy_notice", terms: "terms_and_conditions", consent: "data_consent" };

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
    return topic ? [{ text: topic }] : key(PRIVACY_PAGES[m.params?.page ?? ""]);
  },
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
    const content = contentTitleOf(m.id);
    if (content) {
      const { type, labels, ofItem } = content;
      const detail = matches.find((x) => x.id === `${type.key}.detail`)?.data as { item?: { name?: string } } | undefined;
      const item = ofItem && detail?.item?.name ? [{ text: detail.item.name }] : [];
      return [...labels, ...item, { key: `${type.nounKey}_plural_title` }];
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
