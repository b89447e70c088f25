import type { FastifyInstance } from "fastify";
import { switchesOn, type ConfigKey } from "../../contract/config";
import { configValues } from "../system/config-store";
import type { ApiContext } from "./context";
import { notFound } from "./errors";

/**
 * Mount a feature's calls behind its config switches (spec 002 §6, docs/decisions/020): while one
 * is off they answer the contract's 404, as if they did not exist, before anything else of theirs
 * runs (session, body, rows). The routes stay registered because the config changes at run time.
 * Fastify's encapsulation makes the hook cover exactly the routes `mount` registers.
 */
export function switchedRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  switches: readonly ConfigKey[],
  mount: (scope: FastifyInstance) => void,
) {
  void app.register(async (scope) => {
    scope.addHook("onRequest", async () => {
      const values = await configValues(ctx.db, switches);
      const config = Object.fromEntries(switches.map((k) => [k, { value: values[k] }]));
      if (!switchesOn(config, switches)) throw notFound();
    });
    mount(scope);
  });
}
