import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import type { MasterRow } from "../../contract/schemas/organisation";
import { PageHeader } from "~/components/content/page-header";
import { MasterSection, type MasterAnswer } from "~/components/user/master-section";
import { apiFieldErrors } from "~/lms/content-form.server";
import { contentTitles } from "~/lms/content-titles.server";
import { requireCsrf } from "~/lms/csrf.server";
import { newIdempotencyKey, postedIdempotencyKey } from "~/lms/idempotency.server";
import { invariantResponse } from "~/lms/invariant";
import { withParam } from "~/lms/list-query";
import { dash } from "~/lms/paths";
import { holds, masterSchemas, organisationLimits, parseWithZod, requireListPage } from "~/lms/people.server";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

const KINDS = ["level", "position"] as const;
type Kind = (typeof KINDS)[number];
/**
 * An organisation has a handful of levels and positions (the seed five each): the page shows each
 * list whole, as the API's largest page, so its inline forms need no pager.
 */
const ALL = 1000;

/**
 * Levels and positions (spec 000 §2.11 /user/level; docs/decisions/029, 034): two tables on one
 * page, each with inline add, edit and delete (app/components/user/master-section.tsx). The
 * account flags guard them (decision 029); the registry names each intent's flag.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireListPage(args, "level");
  const { api, type, config, page } = user;
  const [level, position] = await Promise.all(
    KINDS.map(
      async (k) =>
        (await api.get<Paged<MasterRow>>(`dashboard/${k}/`, { query: { page_size: ALL, ordering: "name" } })).data
          .results,
    ),
  );
  const can = (k: Kind) => ({
    add: holds(user, page.post?.[`create-${k}`]),
    change: holds(user, page.post?.[`update-${k}`]),
    delete: holds(user, page.post?.[`delete-${k}`]),
  });
  return data(
    {
      rows: { level, position },
      can: { level: can("level"), position: can("position") },
      limits: organisationLimits(config),
      listHref: dash(type.segment),
      titles: contentTitles(`${type.key}.list.level`),
      // A new key for each add form shown: a post retried after its answer was lost creates nothing twice (docs/decisions/094).
      idempotencyKeys: { level: newIdempotencyKey(), position: newIdempotencyKey() },
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { form, refusal } = await readForm(args.request);
  if (!form) return data<MasterAnswer>({ form: "", result: refusal.result }, { status: refusal.status });
  const intent = String(form.get("intent") ?? "");
  const { api, config } = await requireListPage(args, "level", intent);
  await requireCsrf(api, form);
  const [verb, kind] = intent.split("-") as ["create" | "update" | "delete", Kind];
  const url = new URL(args.request.url);
  const back = (key: string) => `${url.pathname}${withParam(url.searchParams, key, null).replace(/^\?$/, "")}`;
  const headers = api.headers();
  const id = String(form.get("id") ?? "");
  if (verb !== "create") invariantResponse(/^\d{1,9}$/.test(id), "Bad Request");
  if (verb === "delete") {
    const res = await api.delete<{ detail?: string }>(`dashboard/${kind}/${id}/`, { accept: [404, 424] });
    if (res.status === 424)
      return data<MasterAnswer>(
        { form: `${kind}-delete`, warning: res.data?.detail ?? MSG.cannot_delete_because_dependency },
        { status: 424, headers },
      );
    return redirectWithToast(back(`delete-${kind}`), { type: "success", message: "toast_deleted" }, { headers });
  }
  const which = verb === "create" ? "create" : "edit";
  // The whole row's form, for a new row and a changed one alike (a blank code is none).
  const submission = parseWithZod(form, { schema: masterSchemas(organisationLimits(config)).create });
  if (submission.status !== "success")
    return data<MasterAnswer>({ form: `${kind}-${which}`, result: submission.reply() }, { status: 400 });
  const res =
    verb === "create"
      ? await api.post<Record<string, unknown>>(`dashboard/${kind}/`, submission.value, {
          accept: [400],
          idempotencyKey: postedIdempotencyKey(form),
        })
      : await api.patch<Record<string, unknown>>(`dashboard/${kind}/${id}/`, submission.value, { accept: [400, 404] });
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers });
  if (res.status === 400)
    return data<MasterAnswer>(
      { form: `${kind}-${which}`, result: submission.reply(apiFieldErrors(res.data)) },
      { status: 400, headers },
    );
  return redirectWithToast(
    back(`edit-${kind}`),
    { type: "success", message: verb === "create" ? "toast_created" : "toast_saved" },
    { headers },
  );
}

export default function LevelsAndPositions() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("user_level_title")}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("master_user"), href: d.listHref },
          { label: t("user_level_title") },
        ]}
      />
      {answer && !answer.form ? (
        <p role="alert" className="text-sm text-red-700">
          {t(String(answer.result?.error?.[""]?.[0] ?? MSG.invalid))}
        </p>
      ) : null}
      <div className="grid gap-8 xl:grid-cols-2">
        {KINDS.map((k) => (
          <MasterSection
            key={k}
            kind={k}
            title={t(`user_${k}_section`)}
            intro={t(`user_${k}_intro`)}
            rows={d.rows[k]}
            can={d.can[k]}
            limits={d.limits}
            answer={answer}
            idempotencyKey={d.idempotencyKeys[k]}
          />
        ))}
      </div>
    </div>
  );
}
