/**
 * Dates and times administrators type in (<input type="datetime-local">) carry no time zone; they
 * are read in the organisation's zone, config `time-zone-offset-minutes` (docs/decisions/010, 077).
 */
const pad = (n: number) => String(n).padStart(2, "0");

/** ISO instant → the value of a datetime-local input in that zone. */
export function toLocalInput(iso: string | null | undefined, offsetMinutes: number): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const d = new Date(t + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A datetime-local value in that zone → ISO instant with an offset, or null when not a date. */
export function fromLocalInput(value: string, offsetMinutes: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const sign = offsetMinutes >= 0 ? "+" : "-";
  const abs = Math.abs(offsetMinutes);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A posted form's values with its date-and-time fields `names` (datetime-local values, zone-less)
 * read in the zone: each becomes an ISO instant with that offset, which the contract's schemas
 * take as they are. A blank or unreadable value stays as typed, for the schema to answer.
 */
export function zonedValues(values: unknown, names: readonly string[], offsetMinutes: number): unknown {
  if (!values || typeof values !== "object") return values;
  const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const n of names)
    if (typeof out[n] === "string") out[n] = fromLocalInput(out[n] as string, offsetMinutes) ?? out[n];
  return out;
}
