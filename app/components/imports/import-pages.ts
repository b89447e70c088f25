import { MAX_CREDIT_IMPORT_ROWS } from "../../../contract/credit";
import { MAX_USER_IMPORT_ROWS, type ImportModule } from "../../../contract/imports";

/**
 * The import pages (docs/decisions/032, 075): one page, one live-events route and one file route
 * serve every module's import at `/import/{module}` (routes/import.page.tsx, import.events.tsx,
 * import.file.tsx); what differs is this data — the screen ids that guard them (registry
 * screens.js), the API's upload and template calls, the row limit and the page's texts. Client-safe.
 */
export type ImportPage = {
  module: ImportModule;
  /** The API's upload call; its template is `{api}template/`. */
  api: string;
  maxRows: number;
  title: string;
  intro: string;
  /** What the column rules say, one list item each. */
  columns: readonly string[];
  /** A count's label when the module's words differ from the user import's (a credited row is not "created"). */
  counts?: Partial<Record<"created" | "updated" | "unchanged", string>>;
};

export const IMPORT_PAGES: Record<ImportModule, ImportPage> = {
  user: {
    module: "user",
    api: "dashboard/user/import/",
    maxRows: MAX_USER_IMPORT_ROWS,
    title: "imp_title",
    intro: "imp_intro",
    columns: [
      "imp_columns_required",
      "imp_columns_refs",
      "imp_columns_password",
      "imp_columns_values",
      "imp_columns_existing",
    ],
  },
  credit: {
    module: "credit",
    api: "dashboard/user/credit/import/",
    maxRows: MAX_CREDIT_IMPORT_ROWS,
    title: "imp_credit_title",
    intro: "imp_credit_intro",
    columns: ["imp_credit_columns_required", "imp_credit_columns_amount", "imp_credit_columns_reference"],
    counts: { created: "imp_count_credited", unchanged: "imp_count_already_credited" },
  },
};

/** The screen ids of a module's import page, its live events and its files (registry screens.js). */
export const importScreens = (module: ImportModule) => ({
  page: `${module}-import`,
  events: `${module}-import-events`,
  file: `${module}-import-file`,
});

/** The module an import URL names (`/dashboard/import/{module}…`), or null. */
export function importPageOf(pathname: string): ImportPage | null {
  const m = /\/import\/([a-z]+)(\/|$)/.exec(pathname);
  return m && m[1] in IMPORT_PAGES ? IMPORT_PAGES[m[1] as ImportModule] : null;
}
