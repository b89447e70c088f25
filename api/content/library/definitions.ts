// The organisation's definitions first: they hold the import cycle of the media kinds' dependants.
import { CONTENT_DEFINITIONS, classProgramDefinition, courseDefinition } from "../types";
import { LIBRARY, libraryKey } from "../../../contract/library.js";
import type { MediaKind } from "../../../contract/media-codes";
import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { classProgramResourceOf } from "../class-program/resource";
import { classProgramRoutes } from "../class-program/routes";
import { courseImageRoutes, courseResourceOf } from "../course/resource";
import { defineContent, type ContentDefinition } from "../definition";
import { mediaDefinition } from "../media/definition";
import { takeRoutes } from "./take";

/**
 * The content library's types (`/coniclex…`, docs/decisions/071): each one the organisation's
 * definition again, over the library's collection of the same table (`is_library`), at
 * `coniclex/{key}` under the library's flags, with every feature and own call the organisation's
 * type mounts, plus the take call (take.ts). A second call of the same factories, never a copy.
 */
function libraryDefinition(key: string): ContentDefinition {
  const org = CONTENT_DEFINITIONS.find((d) => d.key === key);
  if (!org) throw new Error(`the library repeats ${key}, which has no definition`);
  const lib = ownOf(org);
  const take = takeRoutes(lib, org);
  return {
    ...lib,
    routes: (app: FastifyInstance, ctx: ApiContext) => {
      lib.routes?.(app, ctx);
      take(app, ctx);
    },
  };
}

/** The library's definition of `org` before its take call: the same definition over the library's resource. */
function ownOf(org: ContentDefinition): ContentDefinition {
  if (org === courseDefinition) {
    const resource = courseResourceOf(true);
    return defineContent({
      ...org,
      key: libraryKey(org.key),
      resource: resource as ContentDefinition["resource"],
      routes: courseImageRoutes(resource),
    });
  }
  if (org === classProgramDefinition) {
    const resource = classProgramResourceOf(true);
    return defineContent({
      ...org,
      key: libraryKey(org.key),
      resource: resource as ContentDefinition["resource"],
      routes: classProgramRoutes(resource),
    });
  }
  return mediaDefinition(org.key as MediaKind, true);
}

/** THE library's list, in contract/library.js's order (the dashboard registry's too). */
export const LIBRARY_DEFINITIONS: readonly ContentDefinition[] = LIBRARY.types.map(libraryDefinition);

/** Every definition the API mounts: the organisation's types, then the library's. */
export const MOUNTED_DEFINITIONS: readonly ContentDefinition[] = [...CONTENT_DEFINITIONS, ...LIBRARY_DEFINITIONS];
