import type { FastifyInstance } from "fastify";
import { accessOf } from "../../engine/crud";
import { accountChoicesPage } from "../../engine/account-choices";
import type { ApiContext } from "../../http/context";
import { collaboratorRoutes } from "./collaborators";
import { playlistResource } from "./resource";

/**
 * A playlist's own calls (docs/decisions/101): GET dashboard/learning-playlist/account/, the
 * accounts its owner field offers (active accounts, searched, by `id_list`), to whoever may see
 * playlists — not only to those who may read the user list. Its collaborators' calls: ./collaborators.ts.
 */
export function playlistRoutes(app: FastifyInstance, ctx: ApiContext) {
  app.get("/dashboard/learning-playlist/account/", async (req) => {
    await accessOf(req, ctx.db, playlistResource);
    return accountChoicesPage(req, ctx.db);
  });
  collaboratorRoutes(app, ctx, playlistResource);
}
