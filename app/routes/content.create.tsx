import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { nounValues, useContentTranslation } from "~/components/content/use-content-translation";
import { ContentForm } from "~/components/content/content-form";
import { PageHeader } from "~/components/content/page-header";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { requireContent } from "~/lms/content.server";
import { contentTitles } from "~/lms/content-titles.server";
import { mountedVia } from "~/lms/content-detail.server";
import { apiFieldErrors, formContext, schemaFor, zonedSchemaOf } from "~/lms/content-form.server";
import { accountSearch, type AccountChoices } from "~/lms/account-field.server";
import { dash } from "~/lms/paths";
import { parseWithZod } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { newIdempotencyKey, postedIdempotencyKey } from "~/lms/idempotency.server";
import { IDEMPOTENCY_FIELD } from "../../contract/http";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

/** Create a content item: the registry's form, validated by the contract schema, then the API. */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, config } = await requireContent(args, "add");
  const ctx = await formContext(api, type, config);
  // Created under another item (a program's class, app/registry/mounts.js): that item is preset.
  // The type's own defaults (createDefaults) come first.
  const preset = {
    ...(type.createDefaults ?? {}),
    ...("mount" in type && type.mount ? { [type.mount.field]: String(type.mount.parentId) } : {}),
  };
  // Its breadcrumbs lead through that item, as its pages' do (issue 33: they lost the program).
  const via = await mountedVia(api, type);
  // A new key for each form shown: a post retried after its answer was lost creates nothing twice (docs/decisions/094).
  const idempotencyKey = newIdempotencyKey();
  return data(
    {
      ...ctx,
      preset,
      via,
      idempotencyKey,
      labelKey: type.labelKey,
      nounKey: type.nounKey,
      listHref: dash(type.segment),
      titles: contentTitles(`${type.key}.create`),
    },
    { headers: api.headers() },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(request, "add");
  const { form, refusal } = await readForm(request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  // A search of the form's account fields, or a choice's fields asked for without JavaScript
  // (field-choices.tsx): the form comes back as typed, nothing created.
  if (form.get("intent") === "find" || form.get("intent") === "choose")
    return data(await accountSearch(api, type, config, "create", form), { headers: api.headers() });
  const submission = parseWithZod(form, {
    schema: await zonedSchemaOf(type, config, "create", schemaFor(type, config).create),
  });
  // A refused form comes back filled in, except its passwords: they are never written into a page.
  const hideFields = type.fields.filter((f) => f.kind === "password").map((f) => f.name);
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  // Under a program its class belongs to that program, whatever the form said.
  const body =
    "mount" in type && type.mount
      ? { ...(submission.value as Record<string, unknown>), [type.mount.field]: type.mount.parentId }
      : submission.value;
  const res = await api.post<{ id: number } & Record<string, unknown>>(type.api, body, {
    accept: [400],
    idempotencyKey: postedIdempotencyKey(form),
  });
  if (res.status === 400)
    return data(
      { result: submission.reply({ ...apiFieldErrors(res.data), hideFields }) },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    dash(`${type.segment}/${res.data.id}/${type.defaultTab}`),
    { type: "success", message: "toast_created" },
    { headers: api.headers() },
  );
}

export default function ContentCreate() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useContentTranslation();
  const found = actionData && "accounts" in actionData ? (actionData.accounts as AccountChoices) : null;
  return (
    <div>
      <PageHeader
        title={t("create_title", nounValues(t, d.nounKey))}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          ...(d.via
            ? [
                { label: t(d.via.labelKey), href: d.via.listHref },
                { label: d.via.name, href: d.via.href },
              ]
            : [{ label: t(d.labelKey), href: d.listHref }]),
          { label: t("action_create") },
        ]}
      />
      <ContentForm
        id="content-create"
        fields={d.fields}
        options={found ? { ...d.options, ...found.options } : d.options}
        searches={found?.searches}
        constraint={d.constraint}
        defaultValue={d.preset}
        lastResult={actionData?.result}
        submitLabel={t("action_create")}
      />
      {/* Posted with the form (its `form` attribute): the key of decision 094, the create page's alone. */}
      <input type="hidden" form="content-create" name={IDEMPOTENCY_FIELD} value={d.idempotencyKey} />
    </div>
  );
}
