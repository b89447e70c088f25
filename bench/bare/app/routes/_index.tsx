import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

/**
 * The framework's own figure for `npm run bench`: fifty rows of loader data in a table, the
 * course list's columns, made up in the loader (no API, no database), rendered the plain way.
 */
const TITLES = [
  "Data analysis",
  "Project management",
  "Workplace safety",
  "Leadership",
  "Customer service",
  "Python basics",
];
const CATEGORIES = ["Technology", "Management", "Compliance", "Soft skills"];
const PROVIDERS = ["In-house", "Partner academy", "Open university"];
const DAY_MS = 86_400_000;

export const meta: MetaFunction = () => [{ title: "Courses" }];

export function loader() {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const rows = Array.from({ length: 50 }, (_, i) => {
    const id = 100_000 - i;
    return {
      id,
      name: `${TITLES[i % TITLES.length]} ${id}`,
      code: `BC${String(id).padStart(7, "0")}`,
      category: CATEGORIES[i % CATEGORIES.length],
      provider: PROVIDERS[i % PROVIDERS.length],
      status: i % 3 === 0 ? "Hidden" : "Published",
      date: new Date(today - i * DAY_MS).toISOString().slice(0, 10),
    };
  });
  return { rows, total: 100_000 };
}

export default function Courses() {
  const { rows, total } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Courses</h1>
      <p>
        1–{rows.length} of {total.toLocaleString("en-GB")}
      </p>
      <table>
        <thead>
          <tr>
            <th>ID</th>
            <th>Name</th>
            <th>Code</th>
            <th>Category</th>
            <th>Provider</th>
            <th>Status</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.id}</td>
              <td>{r.name}</td>
              <td>{r.code}</td>
              <td>{r.category}</td>
              <td>{r.provider}</td>
              <td>{r.status}</td>
              <td>{r.date}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
