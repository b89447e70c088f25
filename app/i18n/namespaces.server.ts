import { CONTENT_TYPES } from "~/registry/content.js";
import type { Namespace, TypeNamespaces } from "./namespaces";

/** Each content type's own namespaces by its URL segment, from the registry's `i18n`. */
export const TYPE_NAMESPACES: TypeNamespaces = Object.fromEntries(CONTENT_TYPES.map((t) => [t.segment, t.i18n as readonly Namespace[]]));
