import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { RELAY_HEADER } from "../../contract/http";

declare module "fastify" {
  interface FastifyRequest {
    /** The client's real address: the socket's, or what the dashboard derived (relay secret shown). */
    clientIp: string;
    /** Whether the client came over HTTPS (only the dashboard can say so): cookies are then Secure. */
    clientHttps: boolean;
  }
}

function sameSecret(given: string, secret: string) {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(secret).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Who is asking (docs/decisions/019). The API trusts exactly one forwarder, the dashboard, and
 * knows it by the relay secret both share — not by its address, since a browser on the same
 * machine (or any local process) reaches the API from that address too. A request with the right
 * secret is believed about `X-Forwarded-For` (the one address the dashboard derived and sent) and
 * `X-Forwarded-Proto`; any other request is taken at its socket, whatever headers it sends.
 */
export function installClientAddress(app: FastifyInstance, relaySecret: string | null) {
  app.decorateRequest("clientIp", "");
  app.decorateRequest("clientHttps", false);
  app.addHook("onRequest", async (req: FastifyRequest) => {
    const relay = req.headers[RELAY_HEADER];
    const relayed = !!relaySecret && typeof relay === "string" && sameSecret(relay, relaySecret);
    const forwarded = relayed
      ? String(req.headers["x-forwarded-for"] ?? "")
          .split(",")
          .pop()!
          .trim()
      : "";
    req.clientIp = forwarded || req.socket.remoteAddress || "";
    req.clientHttps = relayed && req.headers["x-forwarded-proto"] === "https";
  });
}
