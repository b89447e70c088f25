import escapeHtml from "escape-html";

/**
 * Markup built as a string, for the few places where React's per-element cost is the page's
 * largest one (the 50-row list table, docs/decisions/016). Every value interpolated into an
 * `html` template is escaped (text and quoted attribute values alike, by escape-html) unless it
 * is itself the result of `html` — the same rule React applies, so nothing from the API is ever
 * written raw. Arrays are joined; null, undefined and false write nothing.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

function piece(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(piece).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}
