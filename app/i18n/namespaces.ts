import { contentAt } from "~/registry/mounts.js";

/**
 * The dictionary's namespaces (contract/i18n/index.ts, one file each) and which of them a page
 * renders (issue 14 §1, docs/decisions/024). Every route module names the namespaces it renders
 * in `handle.i18n` (remix-i18next's convention); a content page also renders its type's own
 * namespaces (the registry's `i18n`), found from the URL because one module serves every type.
 * The document carries exactly these; a client navigation fetches what it lacks first.
 * Client-safe: names only, no texts, and not the registry (which the browser's root does not
 * load): the server reads each type's namespaces from it (namespaces.server.ts) and the root's
 * loader data carries them to the browser.
 */
export const NAMESPACES = [
  "messages",
  "ui",
  "shell",
  "account",
  "home",
  "content",
  "curriculum",
  "enrollment",
  "access",
  "extras",
  "course",
  "activity",
  "activityOverall",
  "checkin",
  "people",
  "imports",
  "loginAs",
  "master",
  "class",
  "assignment",
  "approvals",
  "requests",
  "requestTypes",
  "budgetCategory",
  "survey",
  "live",
  "media",
  "testbank",
  "testOverall",
  "test",
  "testQuestion",
  "testCodes",
  "upload",
  "library",
  "credit",
  "program",
  "learningPath",
  "sequence",
  "onboard",
  "learningPlaylist",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What every document renders: API messages, the common words, and the error pages. */
export const BASE_NAMESPACES: readonly Namespace[] = ["messages", "ui"];

type WithHandle = { handle?: unknown } | undefined;
const declared = (handle: unknown): readonly Namespace[] => {
  const ns = (handle as { i18n?: Namespace | readonly Namespace[] } | undefined)?.i18n;
  return ns === undefined ? [] : typeof ns === "string" ? [ns] : ns;
};

/** The type's namespaces of each content URL segment (app/i18n/namespaces.server.ts). */
export type TypeNamespaces = Readonly<Record<string, readonly Namespace[]>>;

/**
 * The namespaces a page renders: the base, each matched route's `handle.i18n`, its type's —
 * sorted by name, the same on both sides. Not filtered through NAMESPACES: the browser's root
 * would then carry every namespace's name, growing with each new area (issue 34's byte budgets).
 */
export function pageNamespaces(matches: readonly WithHandle[], pathname: string, types: TypeNamespaces): Namespace[] {
  const out = new Set<Namespace>(BASE_NAMESPACES);
  for (const m of matches) for (const ns of declared(m?.handle)) out.add(ns);
  // A content page is /dashboard/{segment}/… (or a type mounted under another's item, mounts.js): one module serves every type.
  for (const ns of types[contentAt(pathname)?.segment ?? ""] ?? []) out.add(ns);
  return [...out].sort();
}
