import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { contentFlag } from "~/registry/content.js";
import { REGISTRY_TYPES } from "~/registry/types.js";
import { MOUNTS } from "~/registry/mounts.js";
import { requirePermission } from "./auth.server";
import { itemId, requireContent, type Action } from "./content.server";

/** The class under the class program (app/registry/mounts.js, docs/decisions/044). */
const MOUNT = MOUNTS.find((m) => m.parent === "class-program")!;
const CLASS = REGISTRY_TYPES.find((t) => t.segment === MOUNT.child)!;
export const PROGRAM_FIELD = MOUNT.field;

/**
 * On a program's page: the user holding the program's view flag and the class's flag for
 * `action`, and the class type placed under the program (its links and create page there).
 */
export async function classesOfProgram(args: LoaderFunctionArgs | ActionFunctionArgs, action: Action) {
  const program = await requireContent(args, "view");
  const id = itemId(program.type, args.params);
  const user = await requirePermission(args, contentFlag(CLASS, action));
  // Under the program's own segment: the organisation's or the content library's (docs/decisions/071).
  const type = {
    ...CLASS,
    segment: `${program.type.segment}/${id}/${MOUNT.path}`,
    mount: { field: MOUNT.field, parentId: id, parent: program.type.segment },
  };
  return { ...user, type, id };
}
