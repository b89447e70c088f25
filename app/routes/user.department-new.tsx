import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Department } from "../../contract/schemas/organisation";
import { PageHeader } from "~/components/content/page-header";
import { DepartmentForm } from "~/components/user/department-form";
import { IdempotencyInput } from "~/components/idempotency-input";
import { apiFieldErrors } from "~/lms/content-form.server";
import { contentTitles } from "~/lms/content-titles.server";
import { requireCsrf } from "~/lms/csrf.server";
import { newIdempotencyKey, postedIdempotencyKey } from "~/lms/idempotency.server";
import { dash } from "~/lms/paths";
import {
  departmentChoices,
  departmentSchemas,
  organisationLimits,
  parseWithZod,
  requireListPage,
} from "~/lms/people.server";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

/**
 * A new department (spec 000 §2.11 /user/department/new; docs/decisions/034): name, code and
 * parent (`?parent=N` chooses it, as the tree's "add a sub-department" links do). Then its own page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, config } = await requireListPage(args, "department.new");
  const parents = await departmentChoices(api);
  const asked = new URL(args.request.url).searchParams.get("parent") ?? "";
  return data(
    {
      parents,
      parent: parents.some((p) => p.value === asked) ? asked : "",
      limits: organisationLimits(config),
      listHref: dash(type.segment),
      treeHref: dash(`${type.segment}/department`),
      titles: contentTitles(`${type.key}.list.department.new`),
      // A post retried after its answer was lost creates nothing twice (docs/decisions/094).
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

type Answer = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<Answer>({ result: refusal.result }, { status: refusal.status });
  const { api, type, config } = await requireListPage(args, "department.new", String(form.get("intent") ?? ""));
  await requireCsrf(api, form);
  const submission = parseWithZod(form, { schema: departmentSchemas(organisationLimits(config)).create });
  if (submission.status !== "success") return data<Answer>({ result: submission.reply() }, { status: 400 });
  const res = await api.post<Department & Record<string, unknown>>("dashboard/department/", submission.value, {
    accept: [400],
    idempotencyKey: postedIdempotencyKey(form),
  });
  if (res.status === 400)
    return data<Answer>(
      { result: submission.reply(apiFieldErrors(res.data)) },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    dash(`${type.segment}/department/${res.data.id}`),
    { type: "success", message: "user_toast_department_created" },
    { headers: api.headers() },
  );
}

export default function DepartmentNew() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t("user_department_new")}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("master_user"), href: d.listHref },
          { label: t("master_department"), href: d.treeHref },
          { label: t("user_department_new") },
        ]}
      />
      <DepartmentForm
        id="department-new"
        defaultValue={{ name: "", code: "", parent: d.parent }}
        parents={d.parents}
        lastResult={answer?.result}
        limits={d.limits}
        submitLabel={t("action_create")}
      />
      {/* Posted with the form (its `form` attribute): the department form's other page has no key. */}
      <IdempotencyInput form="department-new" value={d.idempotencyKey} />
    </div>
  );
}
