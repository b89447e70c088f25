/**
 * How Node runs the dashboard's server in production — `npm start` (scripts/start.ts) and the
 * bench (bench/servers.ts) read it here, so the bench measures what users get. The heap is
 * sized to the dashboard's live set: left alone, V8 lets a busy server's heap grow to what
 * this machine's RAM allows before collecting hard (the dashboard held ~450 MB after the
 * bench's load though it needs a fraction of it), and a small server shares its machine with
 * the API and the database. After the bench's load and a full collection the dashboard's live
 * heap is 65–80 MB; uncapped, its resident memory was 445 MB, with these caps 248 MB, for about
 * a tenth more CPU per page in collections (docs/decisions/028 has the measurements).
 */
export const DASHBOARD_NODE_OPTIONS = "--max-old-space-size=128 --max-semi-space-size=8";

/** `env` with the dashboard's Node options added to any NODE_OPTIONS already set. */
export const withDashboardNodeOptions = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  NODE_OPTIONS: [env.NODE_OPTIONS, DASHBOARD_NODE_OPTIONS].filter(Boolean).join(" "),
});
