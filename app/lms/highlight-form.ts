import type { Highlight } from "../../contract/schemas/master-data";

/**
 * A highlight's "what it shows" as the form has it (client-safe; the server half is
 * highlight.server.ts): one field, `target`, `{content type id}:{content id}` for one of the
 * provider's contents, or empty when the external link counts.
 */
export const TARGET = "target";

/** The form's value of what a saved highlight shows. */
export const targetOf = (h: Pick<Highlight, "content_type" | "content">) =>
  h.content_type && h.content ? `${h.content_type.id}:${h.content.id}` : "";
