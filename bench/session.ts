/**
 * A signed-in administrator as a browser would hold it: the API's session and CSRF cookies
 * (signed in through the API itself, pending terms accepted there too), plus the dashboard's own
 * cookies (its form token) picked up from one page. The same Cookie header then serves direct API
 * calls and dashboard pages, since the dashboard relays the API's cookies under their own names.
 */
const pairs = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="));

function merge(jar: Map<string, string>, res: Response) {
  for (const pair of pairs(res)) {
    const i = pair.indexOf("=");
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
}
const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** The term documents a fresh account must accept, under /api/ (spec 002 §7). */
const TERM_PATHS = ["term/privacy", "term", "term/data-consent"];

/** The Cookie header of a signed-in account; `dashboardUrl` "" for API calls only. */
export async function signIn(
  apiUrl: string,
  dashboardUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const jar = new Map<string, string>();
  merge(jar, await fetch(`${apiUrl}/api/account/is-authenticated/`));
  const csrf = () => jar.get("csrftoken") ?? "";
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${apiUrl}/api/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: header(jar), "x-csrftoken": csrf() },
      body: JSON.stringify(body),
    });
    merge(jar, res);
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  await post("dashboard/account/login/", { username, password });
  for (const path of TERM_PATHS) {
    const list = await fetch(`${apiUrl}/api/${path}/?format=json`, { headers: { cookie: header(jar) } });
    if (list.status === 404) continue; // nothing published
    const latest = ((await list.json()) as { results: { id: number; is_accepted: boolean }[] }).results[0];
    if (latest && !latest.is_accepted) await post(`${path}/${latest.id}/accept/`, {});
  }
  // The dashboard's own cookies (form token), as the first page view sets them.
  if (dashboardUrl)
    merge(jar, await fetch(`${dashboardUrl}/dashboard/bench/minimal`, { headers: { cookie: header(jar) } }));
  return header(jar);
}
