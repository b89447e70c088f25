import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import type { Department } from "../../contract/schemas/organisation";
import { ConfirmDelete, WarningDialog } from "~/components/content/dialogs";
import { FactList } from "~/components/content/fact-list";
import { PageHeader } from "~/components/content/page-header";
import { DepartmentForm } from "~/components/user/department-form";
import { apiFieldErrors } from "~/lms/content-form.server";
import { contentTitles } from "~/lms/content-titles.server";
import { requireCsrf } from "~/lms/csrf.server";
import { invariantResponse } from "~/lms/invariant";
import { numberFormat } from "~/lms/format";
import { dash } from "~/lms/paths";
import {
  departmentChoices,
  departmentId,
  departmentSchemas,
  holds,
  organisationLimits,
  parseWithZod,
  requireListPage,
} from "~/lms/people.server";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

const PAGE = "department.item";

/**
 * One department (spec 000 §2.11 /user/department, a department's page; docs/decisions/034): where
 * it sits, its people and sub-departments, and — with the flags — its form (name, code, parent:
 * a new parent moves it with everything under it; one inside its own subtree is refused on the
 * parent field) and delete, with a confirmation step (`?delete=id`) and the API's reason when
 * it is refused (424: sub-departments, people, or rules naming it).
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireListPage(args, PAGE);
  const { api, type, config, page } = user;
  const id = departmentId(args.params);
  const res = await api.get<Department>(`dashboard/department/${id}/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: api.headers() });
  const routeId = `${type.key}.list.${PAGE}`;
  const q = new URL(args.request.url).searchParams;
  return data(
    {
      department: res.data,
      parents: await departmentChoices(api, id),
      limits: organisationLimits(config),
      canSave: holds(user, page.post?.save),
      canDelete: holds(user, page.post?.delete),
      confirmDelete: q.get("delete") === String(id),
      listHref: dash(type.segment),
      treeHref: dash(`${type.segment}/department`),
      peopleHref: dash(`${type.segment}?department=${id}`),
      titles: { [routeId]: [{ text: res.data.name }, ...contentTitles(routeId)[routeId]] },
    },
    { headers: api.headers() },
  );
}

type Answer = { result?: SubmissionResult<string[]>; warning?: string };

export async function action(args: ActionFunctionArgs) {
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<Answer>({ result: refusal.result }, { status: refusal.status });
  const intent = String(form.get("intent") ?? "");
  const { api, type, config } = await requireListPage(args, PAGE, intent);
  await requireCsrf(api, form);
  const id = departmentId(args.params);
  const tree = dash(`${type.segment}/department`);
  if (intent === "delete") {
    const res = await api.delete<{ detail?: string }>(`dashboard/department/${id}/`, { accept: [404, 424] });
    // spec 002 §8: a refused delete is the warning dialog, with why (its sub-departments, its people, a rule).
    if (res.status === 424)
      return data<Answer>(
        { warning: res.data?.detail ?? MSG.cannot_delete_because_dependency },
        { status: 424, headers: api.headers() },
      );
    if (res.status === 404) throw redirect(tree, { headers: api.headers() });
    return redirectWithToast(
      tree,
      { type: "success", message: "user_toast_department_deleted" },
      { headers: api.headers() },
    );
  }
  // The whole form, sent whole (a blank parent is a top-level department), as the user edit page does.
  const submission = parseWithZod(form, { schema: departmentSchemas(organisationLimits(config)).create });
  if (submission.status !== "success") return data<Answer>({ result: submission.reply() }, { status: 400 });
  const res = await api.patch<Record<string, unknown>>(`dashboard/department/${id}/`, submission.value, {
    accept: [400, 404],
  });
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers: api.headers() });
  if (res.status === 400)
    return data<Answer>(
      { result: submission.reply(apiFieldErrors(res.data)) },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "toast_saved" },
    { headers: api.headers() },
  );
}

export default function DepartmentPage() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  const dep = d.department;
  const ancestors = dep.path.slice(0, -1);
  return (
    <div className="space-y-6">
      <PageHeader
        title={dep.name}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("master_user"), href: d.listHref },
          { label: t("master_department"), href: d.treeHref },
          ...ancestors.map((a) => ({ label: a.name, href: `${d.treeHref}/${a.id}` })),
          { label: dep.name },
        ]}
      >
        {dep.code ? <span className="font-mono text-sm text-slate-600">{dep.code}</span> : null}
        {d.canDelete ? (
          <a
            href={`?delete=${dep.id}`}
            className="rounded border border-red-300 bg-white px-3 py-2 text-sm text-red-800 hover:bg-red-50"
          >
            {t("action_delete")}
          </a>
        ) : null}
      </PageHeader>
      <FactList
        facts={[
          [
            "user_department_parent",
            dep.parent ? (
              <a className="text-primary underline" href={`${d.treeHref}/${dep.parent.id}`}>
                {dep.parent.name}
              </a>
            ) : (
              t("user_department_top")
            ),
          ],
          [
            "user_department_people_here",
            <a key="p" className="text-primary underline" href={d.peopleHref}>
              {t("user_department_people", { count: dep.count_account, n: fmt.format(dep.count_account) })}
            </a>,
          ],
          [
            "user_department_people_all",
            t("user_department_people", { count: dep.count_account_total, n: fmt.format(dep.count_account_total) }),
          ],
        ]}
      />
      <section aria-labelledby="sub-title" className="space-y-2">
        <h2 id="sub-title" className="text-base font-semibold">
          {t("user_department_children")}
        </h2>
        {dep.children.length ? (
          <ul className="flex flex-wrap gap-2">
            {dep.children.map((c) => (
              <li key={c.id} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm">
                <a className="text-primary underline" href={`${d.treeHref}/${c.id}`}>
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("user_department_no_children")}</p>
        )}
      </section>
      <section aria-labelledby="edit-title" className="space-y-2">
        <h2 id="edit-title" className="text-base font-semibold">
          {t(d.canSave ? "user_department_edit" : "user_department_details")}
        </h2>
        <DepartmentForm
          // Remounted after a save, so the form shows what was stored.
          key={`${dep.name}|${dep.code}|${dep.parent?.id}`}
          id="department-edit"
          intent="save"
          defaultValue={{ name: dep.name, code: dep.code ?? "", parent: dep.parent ? String(dep.parent.id) : "" }}
          parents={d.parents}
          lastResult={answer?.result}
          limits={d.limits}
          submitLabel={t("action_save")}
          readOnly={!d.canSave}
        />
      </section>
      {d.confirmDelete && !answer?.warning ? <ConfirmDelete item={{ id: dep.id, name: dep.name }} /> : null}
      {answer?.warning ? <WarningDialog messageKey={answer.warning} /> : null}
    </div>
  );
}
