// Kept apart from the schemas: the dashboard's client code reads it, and a schema module would
// bring zod into the browser's bundle (bench/bundle.ts SERVER_ONLY).

/**
 * A field error that says how many there are (issue 18 §2: "a field error that says how many
 * there are"): the message key and the count, `key|count`. The dashboard splits it and
 * translates the key with `{{count}}`; another client still reads the key first.
 */
export const countedMessage = (key: string, count: number) => `${key}|${count}`;
export function splitCounted(message: string): { key: string; count?: number } {
  const [key, count] = message.split("|");
  return count !== undefined && /^\d+$/.test(count) ? { key, count: Number(count) } : { key };
}
