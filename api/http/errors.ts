import type { FastifyInstance } from "fastify";
import type { z } from "zod/v4";
import { MSG } from "../../contract/messages";
import type { FieldErrors } from "../../contract/http";
import { schemaKeys } from "../../contract/schema-keys";

/** An error the client may see: its status and body are part of the contract (spec 002 §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(`api error ${status}`);
  }
}

export const badRequest = (errors: FieldErrors | Record<string, unknown>) => new ApiError(400, errors);
export const notAuthenticated = () => new ApiError(401, { detail: MSG.not_authenticated });
export const forbidden = (detail: string = MSG.permission_denied) => new ApiError(403, { detail });
export const notFound = () => new ApiError(404, { detail: MSG.not_found });

/**
 * How a refused field is named in the 400 (issues without a path go under `detail`):
 * - top: the top-level field (`name`);
 * - nested: as forms name list rows, `record_list[0].cost`, `item_list[0].attempt`;
 * - dotted: object keys joined by dots, list indices dropped (a list's own error):
 *   `content_period_cancel.type`, each message once.
 */
export type FieldNaming = "top" | "nested" | "dotted";

function fieldName(path: readonly PropertyKey[], naming: FieldNaming): string {
  if (naming === "top") return path.length ? String(path[0]) : "detail";
  if (naming === "nested")
    return path.length
      ? path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("")
      : "detail";
  const names = path.filter((p) => typeof p === "string");
  return names.length ? names.join(".") : "detail";
}

/** zod issues → `{field: [message key]}`, fields named as `naming` says. */
export function fieldErrors(error: z.ZodError, naming: FieldNaming = "top"): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const list = (out[fieldName(issue.path, naming)] ??= []);
    if (naming !== "dotted" || !list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** Parse input with a contract schema or throw the 400 the contract specifies. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, naming: FieldNaming = "top"): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(fieldErrors(result.error, naming));
  return result.data;
}

/**
 * Parse a PATCH body (issue 32): as parseInput, then an update that names no field the schema
 * keeps — an empty body, or only fields it does not know (zod drops them) — is the 400
 * `{detail: nothing_to_change}`. Every partial update goes through here, so none reaches the
 * database as an UPDATE without columns (invalid SQL: a 500) or as a write that only moves the
 * row's update time. A schema whose fields have defaults (a checkbox is false when absent) still
 * answers its defaults: that body is a whole value, not an empty one.
 */
export function parseChanges<S extends z.ZodType>(schema: S, input: unknown, naming: FieldNaming = "top"): z.output<S> {
  refuseUnknownFields(schema, input);
  const data = parseInput(schema, input, naming);
  assertChanges(data);
  return data;
}

/**
 * An update that names a field the schema does not take is refused (issue 33): 400
 * `{field: [unknown_field]}` for each, never a field silently dropped — a client that misspells
 * a field would otherwise be told its change was saved.
 */
export function refuseUnknownFields(schema: unknown, input: unknown) {
  const keys = schemaKeys(schema);
  if (!keys || typeof input !== "object" || input === null || Array.isArray(input)) return;
  const unknown = Object.keys(input).filter((k) => !keys.includes(k));
  if (unknown.length) throw badRequest(Object.fromEntries(unknown.map((k) => [k, [MSG.unknown_field]])));
}

/** The 400 of an update without a field (parseChanges; the resource engine's PATCH parses its two halves apart). */
export function assertChanges(data: unknown) {
  const named = typeof data === "object" && data !== null && Object.values(data).some((v) => v !== undefined);
  if (!named) throw badRequest({ detail: MSG.nothing_to_change });
}

/**
 * PostgreSQL's class 22 "data exception" (a NUL byte in text, a number beyond its column, a
 * malformed value): the input's fault, wherever a value reached a query unchecked. SQLite takes
 * such values as they come, so both dialects answer the same: never a 500.
 */
const isDataException = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code) && "severity" in (err as object);
};

/** Every failure becomes a contract answer; no stack trace ever reaches a client. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send(err.body);
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 429) return reply.status(429).send({ detail: MSG.too_many_requests });
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return reply.status(status).send({ detail: MSG.invalid });
    }
    if (isDataException(err)) return reply.status(400).send({ detail: MSG.invalid });
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send({ detail: MSG.server_error });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ detail: MSG.url_not_found }));
}
