import { MEDIA_KIND_KEYS, MEDIA_KINDS, type MediaKind } from "../../../contract/media-codes";
import { libraryKey } from "../../../contract/library.js";
import { defineContent, type ContentDefinition } from "../definition";
import { flashCardRoutes } from "./cards";
import { mediaFileRoutes } from "./files";
import { materialListRoutes } from "./material-lists";
import { flashCardCreatorRoutes } from "./creators";
import { mediaResource } from "./resource";

/**
 * ONE ContentDefinition factory for the six media types (spec 000 §2.9, docs/decisions/069): each
 * kind mounts the engine's enrollment, permission rules, gamification and overall pages (learner,
 * progress, discussion), follows the "learning material" row of the transition table (0 or 21 → 30,
 * 30 → 21: spec 001 §4), and adds its row's own calls: a file kind its file, a flash card set its
 * cards and learners' cards. The material lists and the flash-card creator list are the module's,
 * mounted once (with the organisation's first kind).
 */
export function mediaDefinition(kind: MediaKind, library = false): ContentDefinition {
  const resource = mediaResource(kind, library);
  return defineContent({
    // The library's kinds (docs/decisions/071) are `coniclex_{kind}`, over the same content type.
    key: library ? libraryKey(kind) : kind,
    resource: resource as ContentDefinition["resource"],
    transitions: "learning_material",
    routes: (app, ctx) => {
      if (kind === MEDIA_KIND_KEYS[0] && !library) {
        materialListRoutes(app, ctx);
        flashCardCreatorRoutes(app, ctx);
      }
      mediaFileRoutes(app, ctx, resource, kind);
      if (MEDIA_KINDS[kind].cards) flashCardRoutes(app, ctx, resource);
    },
  });
}

/** The six, in the registry's order (app/registry/media.js). */
export const MEDIA_DEFINITIONS: readonly ContentDefinition[] = MEDIA_KIND_KEYS.map((kind) => mediaDefinition(kind));
