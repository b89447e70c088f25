import { LIBRARY } from "../../../contract/library.js";
import type { Module } from "../../../contract/permissions";

/**
 * The resource options that place a content resource in one collection (docs/decisions/071): the
 * organisation's items under the type's own path and flags, or the library's under
 * `coniclex/{key}` and the library's flags (spec 002 §6 "coniclex"). Both read the same table,
 * told apart by `is_library`.
 */
export function collectionOf(
  key: string,
  module: Module,
  library: boolean,
): { library: boolean; module: Module; path?: string } {
  return library ? { library, module: LIBRARY.module, path: `${LIBRARY.segment}/${key}` } : { library, module };
}
