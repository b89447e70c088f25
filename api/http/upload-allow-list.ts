import net from "node:net";
import type { FastifyInstance } from "fastify";
import type { ApiContext } from "./context";
import { configValue } from "../system/config-store";

declare module "fastify" {
  interface FastifyRequest {
    /** Set for a multipart request from an address outside `upload-ip-allow-list` (spec 002 §6). */
    uploadRefused: boolean;
  }
}

/** Whether `ip` is in the list: exact addresses or CIDR subnets (`10.0.0.0/8`), IPv4 or IPv6. */
export function addressAllowed(list: readonly string[], ip: string): boolean {
  const blocks = new net.BlockList();
  for (const entry of list) {
    const [addr, bits] = String(entry).trim().split("/");
    const type = net.isIPv6(addr) ? "ipv6" : net.isIPv4(addr) ? "ipv4" : null;
    if (!type) continue;
    if (bits === undefined) blocks.addAddress(addr, type);
    else blocks.addSubnet(addr, Number(bits), type);
  }
  const plain = ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const type = net.isIPv6(plain) ? "ipv6" : "ipv4";
  return net.isIP(plain) !== 0 && blocks.check(plain, type);
}

/**
 * "Upload can be refused by an IP allow-list" (spec 002 §6, §8): an empty list allows every
 * address; otherwise a file upload (every one is multipart and read by media.ts readOneFile,
 * which answers the refusal on the file's field) is taken only from a listed client address —
 * the real one (api/http/client.ts). Checked before a byte of the file is read.
 */
export function installUploadAllowList(app: FastifyInstance, ctx: ApiContext) {
  app.decorateRequest("uploadRefused", false);
  app.addHook("preHandler", async (req) => {
    if (!req.isMultipart()) return;
    const list = (await configValue(ctx.db, "upload-ip-allow-list")) as string[];
    if (Array.isArray(list) && list.length > 0) req.uploadRefused = !addressAllowed(list, req.clientIp);
  });
}
