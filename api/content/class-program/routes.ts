import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { inTransaction, itemAccess, listAnswer, touch } from "../../engine/crud";
import { storeImageUpload } from "../../system/media";
import { classResource } from "../class/resource";
import type { ClassProgramResource } from "./resource";

/**
 * A class program's own calls (docs/decisions/044, 047):
 *   GET {path}/{id}/class/   its classes — the class list (search, filters, ordering,
 *        paging, the account's class scope) with the program fixed. Needs the program's view
 *        (the item's own check) and the class list's (its access).
 *   POST / DELETE {path}/{id}/image/   its cover image (spec 001 §3 "A class program has
 *        image"), multipart field `image`, through the media upload every image takes; the change
 *        flag; answers the program. Unlike a course's, removing it leaves the program published:
 *        the spec asks no image to publish a program.
 */
export const classProgramRoutes =
  (classProgramResource: ClassProgramResource) => (app: FastifyInstance, ctx: ApiContext) => {
    const { db } = ctx;
    app.get(`/dashboard/${classProgramResource.path}/:id(^\\d{1,12})/class/`, async (req) => {
      const { id } = await itemAccess(req, db, classProgramResource, []);
      return listAnswer(req, ctx, classResource, { class_program: String(id) });
    });

    const imagePath = `/dashboard/${classProgramResource.path}/:id(^\\d{1,12})/image/`;
    const setImage = async (id: number, image: string | null) => {
      const now = ctx.now();
      await inTransaction(db, classProgramResource, async (trx) => {
        await trx.updateTable("class_program").set({ image }).where("id", "=", id).execute();
        await touch(trx, classProgramResource, id, now);
      });
      return classProgramResource.load(db, id, now);
    };
    app.post(imagePath, async (req) => {
      const { id } = await itemAccess(req, db, classProgramResource, ["change"]);
      return setImage(id, await storeImageUpload(req, db, ctx.mediaDir, "class-program"));
    });
    app.delete(imagePath, async (req) => {
      const { id } = await itemAccess(req, db, classProgramResource, ["change"]);
      return setImage(id, null);
    });
  };
