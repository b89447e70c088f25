import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireContent } from "~/lms/content.server";
import { dash } from "~/lms/paths";

/**
 * /assignment/auto (spec 000 §2.10 "/assignment (index, auto)"): the auto-assignments' list, which
 * is its own type's at /auto-assignment (docs/decisions/052); the assignment's view flag guards it.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireContent(args, "view");
  return redirect(dash("auto-assignment"));
}
