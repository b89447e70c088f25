import { useTranslation } from "~/i18n/react";

/** A session's pages, in the order of spec 000 §2.4 "{sessionid} with edit, live, material, survey". */
export const SESSION_PAGES = ["edit", "live", "material", "survey"] as const;
export type SessionPageId = (typeof SESSION_PAGES)[number];

const LABEL: Record<SessionPageId, string> = {
  edit: "cls_session_edit",
  live: "cls_session_live",
  material: "cls_session_material",
  survey: "cls_session_survey",
};

/**
 * The links between one session's pages (docs/decisions/045): the registry's param sub-pages are
 * reached from their row, not from the sub-page bar, so each of them and the curriculum's rows
 * link the others. `current` is marked as the page you are on; `edit` only with the change flag.
 */
export function SessionLinks({
  base,
  session,
  current,
  canChange,
  name,
}: {
  base: string;
  session: number;
  current?: SessionPageId;
  canChange: boolean;
  name?: string;
}) {
  const { t } = useTranslation();
  const pages = SESSION_PAGES.filter((p) => p !== "edit" || canChange);
  return (
    <nav
      aria-label={name ? t("cls_session_pages_named", { name }) : t("cls_session_pages")}
      className="flex flex-wrap gap-x-3 gap-y-1 text-sm"
    >
      {pages.map((p) =>
        p === current ? (
          <span key={p} aria-current="page" className="font-semibold text-slate-900">
            {t(LABEL[p])}
          </span>
        ) : (
          <a key={p} href={`${base}/curriculum/${session}/${p}`} className="text-primary hover:underline">
            {t(LABEL[p])}
          </a>
        ),
      )}
    </nav>
  );
}

/** A session page's head: back to the curriculum, the session's name, its pages. */
export function SessionHead({
  base,
  session,
  current,
  canChange,
  title,
}: {
  base: string;
  session: { id: number; name: string };
  current: SessionPageId;
  canChange: boolean;
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <a href={`${base}/curriculum`} className="text-sm text-primary hover:underline">
        ‹ {t("tab_curriculum")}
      </a>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <SessionLinks base={base} session={session.id} current={current} canChange={canChange} name={session.name} />
    </div>
  );
}
