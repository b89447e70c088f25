import type { MetaFunction } from "@remix-run/node";

/**
 * The framework's ceiling for `npm run bench`: a document route with no loader of its own, rendered
 * through root (whose loader reads the cached config and dictionaries) and nothing else. Public and
 * harmless; every other page's throughput is reported as a share of this one's.
 */
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function BenchMinimal() {
  return (
    <main className="p-10">
      <h1 className="text-2xl font-semibold">OK</h1>
    </main>
  );
}
