/** When this process started: a restart shows as a new time (the e2e suite checks none happened under its fuzzing). */
const STARTED = new Date().toISOString();

/** Dashboard liveness for start-up scripts and load balancers (does not call the API). */
export const loader = () =>
  new Response(JSON.stringify({ status: "ok", started: STARTED }), { headers: { "content-type": "application/json" } });
