import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { controlClass } from "~/components/forms";

/**
 * A page's search box: a GET form (it works without JavaScript and its query is in the address),
 * its label read by assistive technology and shown as the placeholder. `name` is the query key
 * (`search`, or `find` where `search` already names the list's own).
 */
export function SearchForm({ id, name, value, label }: { id: string; name: string; value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="flex max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" name={name} defaultValue={value} placeholder={label} className={controlClass} />
      <button type="submit" className="rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
        {t("search")}
      </button>
    </Form>
  );
}
