import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/content/page-header";
import { PublishBadge } from "~/components/content/publish-badge";
import { PublishPanel } from "~/components/content/publish-panel";
import { TabBar } from "~/components/content/tab-bar";
import { FormErrors } from "~/components/form-basics";
import { CancelledNotice } from "~/components/class/class-notice";
import { dash } from "~/lms/paths";
import type { action, loader } from "~/lms/content-detail.server";

/** The item layout's loader (header, tab bar) and action (publishing): app/lms/content-detail.server.ts. */
export { action, loader } from "~/lms/content-detail.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

export default function ContentDetail() {
  const refused = useActionData<typeof action>();
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={d.item.name}
        badge={d.item.publish_label ? <PublishBadge label={d.item.publish_label} /> : undefined}
        crumbs={[{ label: t("menu_home"), href: dash() }, { label: t(d.labelKey), href: d.listHref }, { label: d.item.name }]}
      >
        <span className="font-mono text-sm text-slate-600">{d.item.code}</span>
      </PageHeader>
      <FormErrors result={refused?.result} t={t} />
      {/* A cancelled item (a class, docs/decisions/040) says so above every tab: none of them edits it any more. */}
      {"datetime_cancel" in d.item && d.item.datetime_cancel ? (
        <div className="mb-4">
          <CancelledNotice at={String(d.item.datetime_cancel)} />
        </div>
      ) : null}
      {d.canPublish ? <PublishPanel item={d.item} offset={d.offset} action={d.base} /> : null}
      <TabBar tabs={d.tabs} overall={d.overall} />
      <div className="mt-4">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
