import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { DepartmentNode } from "../../contract/schemas/organisation";
import { PageHeader } from "~/components/content/page-header";
import { listPages } from "~/lms/content-navigation.server";
import { contentTitles } from "~/lms/content-titles.server";
import { numberFormat } from "~/lms/format";
import { dash } from "~/lms/paths";
import { holds, requireListPage } from "~/lms/people.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

type Node = DepartmentNode & { total: number };

/** Each node with the people of its whole subtree (the tree call counts each department's own). */
function withTotals(nodes: DepartmentNode[]): Node[] {
  return nodes.map((n) => {
    const children = withTotals(n.children);
    return { ...n, children, total: n.count_account + children.reduce((s, c) => s + c.total, 0) };
  });
}

/**
 * The department tree (spec 000 §2.11 /user/department; docs/decisions/034): every department
 * under its parent with how many people are in it (and in it with its sub-departments), each
 * linking to its own page; links to the new-department page (also per department, as its
 * parent) and to the department history. Nested lists of links: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireListPage(args, "department");
  const { api, type, permission } = user;
  const tree = (await api.get<{ results: DepartmentNode[] }>("dashboard/department/tree/")).data.results;
  return data(
    {
      tree: withTotals(tree),
      pages: listPages(type, permission, "department"),
      canAdd: holds(user, type.listPages?.find((p) => p.id === "department.new")?.flag),
      base: dash(`${type.segment}/department`),
      listHref: dash(type.segment),
      titles: contentTitles(`${type.key}.list.department`),
    },
    { headers: api.headers() },
  );
}

export default function DepartmentTree() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t("master_department")}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("master_user"), href: d.listHref },
          { label: t("master_department") },
        ]}
      >
        {d.pages.map((p) => (
          <a
            key={p.id}
            href={p.href}
            className={
              p.id === "department.new"
                ? "rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90"
                : "rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            }
          >
            {t(p.labelKey)}
          </a>
        ))}
      </PageHeader>
      <p className="mb-3 text-sm text-slate-700">{t("user_department_intro")}</p>
      {d.tree.length ? (
        <div className="rounded border border-slate-200 bg-white p-3">
          <Branch nodes={d.tree} base={d.base} canAdd={d.canAdd} depth={0} />
        </div>
      ) : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("user_department_none")}
        </p>
      )}
    </div>
  );
}

/** One level of the tree: each department's line, then its children indented under it. */
function Branch({ nodes, base, canAdd, depth }: { nodes: Node[]; base: string; canAdd: boolean; depth: number }) {
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  return (
    <ul className={depth ? "ml-5 border-l border-slate-200 pl-3" : ""}>
      {nodes.map((n) => (
        <li key={n.id}>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5">
            <a href={`${base}/${n.id}`} className="font-medium text-primary underline">
              {n.name}
            </a>
            {n.code ? <span className="font-mono text-xs text-slate-600">{n.code}</span> : null}
            <span className="text-sm text-slate-700">
              {t("user_department_people", { count: n.count_account, n: fmt.format(n.count_account) })}
              {n.children.length ? ` · ${t("user_department_people_total", { n: fmt.format(n.total) })}` : ""}
            </span>
            {canAdd ? (
              <a
                href={`${base}/new?parent=${n.id}`}
                className="text-xs text-slate-600 underline hover:text-primary"
                aria-label={t("user_department_add_under", { name: n.name })}
              >
                {t("user_department_add_sub")}
              </a>
            ) : null}
          </div>
          {n.children.length ? (
            <Branch nodes={n.children as Node[]} base={base} canAdd={canAdd} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
