import { startTransition, useEffect, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * A choice's own fields (registry `showWhen`, issue 33 §15; docs/decisions/075): a field is shown
 * only while the field it depends on holds one of its values, and while that field is shown too
 * (an extension date: only with "extend", then only with "to a date"). The values the form was
 * drawn with decide on the server; with JavaScript, changing a choice shows its fields at once.
 * Without it, the choice's "show its fields" button (intent `choose`) posts the form, which comes
 * back as typed, with the fields of what was chosen, and nothing saved.
 */
type ChoiceField = { name: string; kind: string; showWhen?: { field: string; values: string[] } };

/** A form value as the choice compares it: a select's value, a ticked box's "on", else "". */
const asChoice = (v: unknown) =>
  Array.isArray(v) ? String(v[0] ?? "") : v === undefined || v === null ? "" : String(v);

export function useChoices(fields: readonly ChoiceField[], initial: (name: string) => unknown) {
  const controllers = useMemo(() => new Set(fields.flatMap((f) => (f.showWhen ? [f.showWhen.field] : []))), [fields]);
  const drawn = Object.fromEntries([...controllers].map((name) => [name, asChoice(initial(name))]));
  const key = JSON.stringify(drawn);
  const [chosen, setChosen] = useState(drawn);
  // The form drawn again (a refused post, the choice button's answer): its values decide again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setChosen(drawn), [key]);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const isShown = (f: ChoiceField, depth = 0): boolean => {
    if (!f.showWhen || depth > fields.length) return true;
    const parent = byName.get(f.showWhen.field);
    return (!parent || isShown(parent, depth + 1)) && f.showWhen.values.includes(chosen[f.showWhen.field] ?? "");
  };
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const el = e.target as HTMLInputElement | HTMLSelectElement;
    if (!controllers.has(el.name)) return;
    const value = el instanceof HTMLInputElement && el.type === "checkbox" ? (el.checked ? "on" : "") : el.value;
    // A transition, as the form's dirty flag (app/components/use-form.ts): a choice made before a
    // lazy field has hydrated must not throw that field's server markup away (React's #421).
    startTransition(() => setChosen((c) => ({ ...c, [el.name]: value })));
  };
  return { controllers, isShown, onChange };
}

/** The choice's button without JavaScript: the form comes back with the fields of what is chosen. */
export function ChoiceButton() {
  const { t } = useTranslation();
  return (
    <noscript>
      <button
        type="submit"
        name="intent"
        value="choose"
        className="mt-2 rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50"
      >
        {t("form_show_choice")}
      </button>
    </noscript>
  );
}
