import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { itemAccess, listAnswer } from "../../engine/crud";
import { classResource } from "../class/resource";
import { classProgramResource } from "./resource";

/**
 * A class program's own call (docs/decisions/044):
 *   GET class_program/{id}/class/   its classes — the class list (search, filters, ordering,
 *        paging, the account's class scope) with the program fixed. Needs the program's view
 *        (the item's own check) and the class list's (its access).
 */
export function classProgramRoutes(app: FastifyInstance, ctx: ApiContext) {
  app.get("/dashboard/class_program/:id(^\\d{1,12})/class/", async (req) => {
    const { id } = await itemAccess(req, ctx.db, classProgramResource, []);
    return listAnswer(req, ctx, classResource, { class_program: String(id) });
  });
}
