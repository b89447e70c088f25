import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { inTransaction, itemAccess, touch } from "../../engine/crud";
import { classResource, classWriteRefusal } from "./resource";
import { checkinRoutes } from "./checkin";
import { checkinQrRoutes } from "./checkin-qr";
import { checkinOptionRoutes } from "./checkin-options";
import { sessionEnrollmentRoutes } from "./session-enrollment";
import { classTermsRoutes } from "./terms";
import { sessionRoutes } from "./sessions";
import { sessionPageRoutes } from "./session-pages";
import { classActivityRoutes } from "./activities";

/**
 * Class's own calls beyond the engine's (spec 000 §2.4): its sessions (sessions.ts) and their
 * own pages (session-pages.ts), its curriculum's activities (activities.ts), its check-in
 * (checkin.ts, docs/decisions/042) and
 *   POST class/{id}/cancel/   cancel the class (change) → the class. Permanent (spec 001 §4):
 *        a cancelled class answers 400 cls_msg_cancelled to this and every later write.
 */
export function classRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  sessionRoutes(app, ctx);
  checkinRoutes(app, ctx);
  checkinQrRoutes(app, ctx);
  // A session's live, material and survey pages and the curriculum's activities (docs/decisions/045).
  sessionPageRoutes(app, ctx);
  classActivityRoutes(app, ctx);
  checkinOptionRoutes(app, ctx);
  sessionEnrollmentRoutes(app, ctx);
  classTermsRoutes(app, ctx);

  app.post("/dashboard/class/:id(^\\d{1,12})/cancel/", async (req) => {
    const { id } = await itemAccess(req, db, classResource, ["change"]);
    const now = ctx.now();
    await inTransaction(db, classResource, async (trx) => {
      const refusal = await classWriteRefusal(trx, id);
      if (refusal) throw refusal;
      await trx.updateTable("class").set({ datetime_cancel: now.toISOString() }).where("id", "=", id).execute();
      await touch(trx, classResource, id, now);
    });
    return classResource.load(db, id, now);
  });
}
