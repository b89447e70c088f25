import type { RequestHandler } from "express";
import { CLIENT_ADDRESS_HEADER } from "../contract/http";

/** Headers a browser could send to lie about where it is or how it came (docs/decisions/019). */
const FORWARDED = [
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-forwarded-port",
  "forwarded",
  "x-real-ip",
  CLIENT_ADDRESS_HEADER,
];

/** `TRUST_PROXY` → express's `trust proxy` setting: a list of addresses/subnets, or nothing. */
export function trustSetting(value: string | undefined): string[] | false {
  const list = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : false;
}

/**
 * One trust model for the client's address and protocol. Express derives them from the socket,
 * and from `X-Forwarded-*` only where the peer is a proxy of TRUST_PROXY (its `trust proxy`
 * setting); this middleware then removes every forwarding header the request came with and
 * writes what was derived under CLIENT_ADDRESS_HEADER. Remix builds the request URL from
 * `req.protocol` (https only behind a trusted proxy) and, from `X-Forwarded-Host`, its host —
 * which is kept only when it too came from a trusted proxy. So nothing a browser sends can
 * change the address the API is told, the protocol, or the host.
 */
export function clientAddress(): RequestHandler {
  return (req, res, next) => {
    const trusted = req.app.get("trust proxy fn") as (addr: string, hop: number) => boolean;
    const address = req.ip ?? req.socket.remoteAddress ?? "";
    const https = req.protocol === "https";
    const host = trusted(req.socket.remoteAddress ?? "", 0) ? req.get("x-forwarded-host") : undefined;
    // Read every derived value first: express reads the headers lazily.
    const headers = { ...req.headers };
    for (const name of FORWARDED) delete headers[name];
    headers[CLIENT_ADDRESS_HEADER] = address;
    if (host) headers["x-forwarded-host"] = host;
    // `req.protocol` is a getter over the socket and the headers: pin the derived value.
    Object.defineProperty(req, "protocol", { value: https ? "https" : "http" });
    Object.defineProperty(req, "ip", { value: address });
    req.headers = headers;
    if (https) secureCookies(res);
    next();
  };
}

/**
 * Behind a trusted HTTPS proxy every cookie is Secure, whichever part of the dashboard set it
 * (its own cookies, or the API's session relayed): the one place all responses pass.
 */
function secureCookies(res: Parameters<RequestHandler>[1]) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
    const values = (Array.isArray(value) ? value : [String(value)]) as string[];
    return setHeader(
      name,
      values.map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`)),
    );
  };
}
