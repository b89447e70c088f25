import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../http/context";
import { classCancelRoutes } from "./cancel";
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
 * (checkin.ts, docs/decisions/042) and its cancellation (cancel.ts: permanent, spec 001 §4; a
 * cancelled class answers 400 cls_msg_cancelled to every later write).
 */
export function classRoutes(app: FastifyInstance, ctx: ApiContext) {
  sessionRoutes(app, ctx);
  checkinRoutes(app, ctx);
  checkinQrRoutes(app, ctx);
  // A session's live, material and survey pages and the curriculum's activities (docs/decisions/045).
  sessionPageRoutes(app, ctx);
  classActivityRoutes(app, ctx);
  checkinOptionRoutes(app, ctx);
  sessionEnrollmentRoutes(app, ctx);
  classTermsRoutes(app, ctx);
  classCancelRoutes(app, ctx);
}
