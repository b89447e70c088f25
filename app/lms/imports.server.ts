/**
 * The user import on the dashboard's side (docs/decisions/032). The upload form's schema is
 * reached through this .server module so that zod stays out of the browser's bundle.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { importFormSchema } from "../../contract/schemas/imports";

/** A job id of the query (`?job=`): digits only, else null. */
export function jobParam(url: URL): number | null {
  const raw = url.searchParams.get("job");
  return raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}
