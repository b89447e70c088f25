import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { classesOfProgram, PROGRAM_FIELD } from "~/lms/class-program.server";
import { listAction, listPage } from "~/lms/content-list.server";
import { classStatusOfPath } from "~/lms/class-status.server";

/**
 * A class program's classes (spec 000 §2.4 `class-program/{id}` class list and
 * `class/status/{status?}`; docs/decisions/044): the class list (routes/content.list.tsx, its
 * search, filters, paging, show/hide and delete) with the program fixed, inside the program's
 * tab, its rows opening at /class-program/{id}/class/{classid}. Needs the program's view flag
 * (its tab) and the class's flag for what it does to classes.
 */
export { default } from "./content.list";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

export async function loader(args: LoaderFunctionArgs) {
  const user = await classesOfProgram(args, "view");
  const fixed: Record<string, string> = { [PROGRAM_FIELD]: String(user.id) };
  // class/status/{status?}: the path names the derived status (docs/decisions/040).
  if (args.params.status !== undefined) {
    fixed.status = String(classStatusOfPath(args.request, args.params.status));
  }
  return listPage(args, user, { type: user.type, fixed, inTab: true, narrowed: args.params.status !== undefined });
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args.request, (wanted) => classesOfProgram(args, wanted));
}
