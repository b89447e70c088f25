/**
 * `npm run route -- <url>`: which route modules serve a dashboard URL, outermost first, with each
 * one's guard (the permission flag it checks) and the URL's parameters — what a newcomer asks
 * before opening a file (issue 36).
 */
import { matchUrl } from "./route-match";

const given = process.argv[2];
if (!given) {
  console.error("usage: npm run route -- /dashboard/course/3/permission");
  process.exit(2);
}
const matches = matchUrl(given);
if (!matches.length) {
  console.log(`${given}: no route`);
  process.exit(1);
}
for (const [i, { route: r, params }] of matches.entries()) {
  console.log(
    `${r.layout ? "layout" : "page  "}  app/${r.module}  (${r.id}; guard ${r.guard}${r.alsoBy?.length ? ` or ${r.alsoBy.join(", ")}` : ""})`,
  );
  if (i === matches.length - 1 && Object.keys(params).length)
    console.log(
      `        params: ${Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")}`,
    );
}
