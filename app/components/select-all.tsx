import { useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { withParam } from "~/lms/list-query";

/**
 * "Tick all on this page" for a list's row checkboxes (issue 33 item 14): a link that draws the
 * page again with every box ticked (`?tick=page`, not "all": a list drops "all" as "no filter";
 * the page gives its boxes `defaultChecked`), so it
 * works without JavaScript; in the browser it ticks — or, once all are ticked, unticks — the boxes
 * of `name` that belong to form `form` where they are, keeping whatever else was ticked or typed.
 */
export function SelectAll({ name, form, ticked }: { name: string; form: string; ticked: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [all, setAll] = useState(ticked);
  const toggle = (event: React.MouseEvent) => {
    event.preventDefault();
    const boxes = [
      ...document.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"][form="${form}"]`),
    ].filter((b) => !b.disabled);
    const next = !boxes.every((b) => b.checked);
    for (const b of boxes) b.checked = next;
    setAll(next);
  };
  return (
    <a
      href={withParam(params, "tick", all ? null : "page")}
      onClick={toggle}
      className="rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50"
    >
      {t(all ? "untick_all_on_page" : "tick_all_on_page")}
    </a>
  );
}
