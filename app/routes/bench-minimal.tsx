import type { MetaFunction } from "@remix-run/node";

/**
 * The shell-only route of `npm run bench`: a document route with no loader of its own, rendered
 * through root (config, CSRF, toast, the base dictionary namespaces) and nothing else — what every
 * page costs before its own work. Public and harmless. The bench reports it, like every page, as a
 * share of the bare Remix page's throughput (bench/bare/, issue 14 §3); its budget is 50 %.
 */
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function BenchMinimal() {
  return (
    <main className="p-10">
      <h1 className="text-2xl font-semibold">OK</h1>
    </main>
  );
}
