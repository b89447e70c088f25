import { Form } from "@remix-run/react";

const FIELD = "mt-1 rounded border border-slate-300 px-2 py-1.5 text-sm";

/**
 * A GET form choosing a content type and a search (the content tab's "add contents" and its
 * "new rule"): plain query parameters, so it works without JavaScript; `keep` carries the other
 * form's parameters along so one does not reset the other.
 */
export function TypeSearchForm(p: {
  names: { type: string; search: string };
  labels: { type: string; search: string; submit: string };
  first: { value: string; label: string };
  types: { id: number; key: string }[];
  typeName: (key: string) => string;
  value: { type: string; search: string };
  keep?: Record<string, string>;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      {Object.entries(p.keep ?? {}).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <label className="text-sm">
        <span className="block font-medium text-slate-700">{p.labels.type}</span>
        <select name={p.names.type} defaultValue={p.value.type} className={FIELD}>
          <option value={p.first.value}>{p.first.label}</option>
          {p.types.map((x) => (
            <option key={x.id} value={x.id}>
              {p.typeName(x.key)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="block font-medium text-slate-700">{p.labels.search}</span>
        <input type="search" name={p.names.search} defaultValue={p.value.search} className={FIELD} />
      </label>
      <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
        {p.labels.submit}
      </button>
    </Form>
  );
}
