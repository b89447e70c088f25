/** Dashboard liveness for start-up scripts and load balancers (does not call the API). */
export const loader = () => new Response(JSON.stringify({ status: "ok" }), { headers: { "content-type": "application/json" } });
