/**
 * How the client came: the dashboard's server (server/client-address.ts) builds the request URL
 * with the protocol it derived from the socket and trusted proxies only, so the URL is the truth
 * — never a header the browser could have written (docs/decisions/019).
 */
export const isHttps = (request: Request) => new URL(request.url).protocol === "https:";
