import { REGISTRY_TYPES } from "~/registry/types.js";
import type { Namespace, TypeNamespaces } from "./namespaces";

/** Each content type's own namespaces by its URL segment, from the registry's `i18n`. */
export const TYPE_NAMESPACES: TypeNamespaces = Object.fromEntries(
  REGISTRY_TYPES.map((t) => [t.segment, t.i18n as readonly Namespace[]]),
);

/** Each content type's noun key by its URL segment: how engine texts name the page's type (useContentTranslation). */
export const TYPE_NOUNS: Readonly<Record<string, string>> = Object.fromEntries(
  REGISTRY_TYPES.map((t) => [t.segment, t.nounKey]),
);
