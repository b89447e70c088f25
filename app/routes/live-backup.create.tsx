import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/content/page-header";
import { CsrfInput, SelectField } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { dash } from "~/lms/paths";

/** Its loader and action: app/lms/live-backup.server.ts. */
export { backupCreateLoader as loader, backupCreateAction as action } from "~/lms/live-backup.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "live"] };

/**
 * Keep a recording (spec 000 §2.7 /live_backup/create; docs/decisions/066): choose a live that
 * has ended and has a video (the API's candidates); a refusal comes back on the field.
 */
export default function LiveBackupCreate() {
  const { candidates } = useLoaderData<typeof import("~/lms/live-backup.server").backupCreateLoader>();
  const answer = useActionData<typeof import("~/lms/live-backup.server").backupCreateAction>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  const errors = answer && "errors" in answer ? answer.errors.live?.map((e) => t(e)) : undefined;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("live_backup_create")}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("live_backup_title"), href: dash("live_backup") },
          { label: t("live_backup_create") },
        ]}
      />
      <p className="text-sm text-slate-600">{t("live_backup_create_intro")}</p>
      <Form method="post" noValidate className="max-w-2xl space-y-5 rounded border border-slate-200 bg-white p-5">
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <SelectField
          id="live-backup-live"
          name="live"
          label={t("live_backup_live")}
          errors={errors}
          requiredMark
          emptyOption={t("choose")}
          options={candidates.map((c) => ({
            value: String(c.id),
            label: `${c.name} (${c.code}) · ${t(`live_status_${c.status}`)}`,
          }))}
          selectProps={{ defaultValue: "" }}
        />
        <SaveBar busy={busy}>{t("live_backup_create")}</SaveBar>
      </Form>
    </div>
  );
}
