/**
 * An editable list of sub-forms posted as `{name}[i].{field}` (conform's nested names): a row
 * whose `{name}[i].remove` box is ticked is left out and the rest renumbered from 0, so the
 * server sees the list the user meant. Works the same with or without JavaScript.
 */
export const REMOVE_FIELD = "remove";

export function dropRemovedRows(form: FormData, name: string): { form: FormData; count: number } {
  const rowOf = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\[(\\d+)\\]\\.(.+)$`);
  const rows = new Map<number, [string, FormDataEntryValue][]>();
  const out = new FormData();
  for (const [key, value] of form) {
    const m = rowOf.exec(key);
    if (!m) {
      out.append(key, value);
      continue;
    }
    const index = Number(m[1]);
    if (!rows.has(index)) rows.set(index, []);
    rows.get(index)!.push([m[2], value]);
  }
  const kept = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .filter(
      ([, fields]) => !fields.some(([field, value]) => field === REMOVE_FIELD && value !== "" && value !== "false"),
    );
  kept.forEach(([, fields], i) => {
    for (const [field, value] of fields) if (field !== REMOVE_FIELD) out.append(`${name}[${i}].${field}`, value);
  });
  return { form: out, count: kept.length };
}
