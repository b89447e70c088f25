/**
 * The fields a contract schema takes as input, read from zod's definition: the API refuses a PATCH
 * naming any other (api/http/errors.ts, issue 33), and the dashboard sends only these — a schema's
 * output may carry fields its transform made (a step's `is_approver`), which are no input.
 */
/** Wrappers whose inner schema is the object a body is checked against. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/**
 * The fields an object schema takes — through preprocess, optional, default… — or null when it is
 * no plain object (a union, a record, an object that takes any other key).
 */
export function schemaKeys(schema: unknown): string[] | null {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return null;
  if (def.type === "object") {
    const rest = (def.catchall as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type;
    return rest && rest !== "never" ? null : Object.keys(def.shape as object);
  }
  if (def.type === "pipe") return schemaKeys(def.out) ?? schemaKeys(def.in);
  if (WRAPPERS.has(def.type as string)) return schemaKeys(def.innerType);
  return null;
}

/** `value` with only the fields `schema` takes; as it is when the schema is no plain object. */
export function takenFields(schema: unknown, value: Record<string, unknown>): Record<string, unknown> {
  const keys = schemaKeys(schema);
  return keys ? Object.fromEntries(Object.entries(value).filter(([k]) => keys.includes(k))) : value;
}
