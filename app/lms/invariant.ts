/**
 * Epic Stack's `invariantResponse`: when `condition` is falsy, throw the Response the route's
 * error boundary shows (400 unless told). One line instead of an inline `throw new Response`,
 * and TypeScript narrows what it checked.
 */
export function invariantResponse(condition: unknown, message: string, init?: ResponseInit): asserts condition {
  if (!condition) throw new Response(message, { status: 400, ...init });
}

/** A path parameter that is an id (a positive integer of at most nine digits), or 404. */
export function idParam(raw: string | undefined): number {
  invariantResponse(raw && /^\d{1,9}$/.test(raw), "Not Found", { status: 404 });
  return Number(raw);
}
