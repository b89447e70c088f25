import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/content/page-header";
import { PublishBadge } from "~/components/content/publish-badge";
import { PublishPanel } from "~/components/content/publish-panel";
import { TabBar } from "~/components/content/tab-bar";
import { FormErrors } from "~/components/form-basics";
import { lazy, memo, Suspense, type ComponentProps } from "react";
import { dash } from "~/lms/paths";
import type { action, loader } from "~/lms/content-detail.server";
import { ItemWritableProvider } from "~/components/content/item-writable";

// Only a read-only item (a cancelled class) shows it, with its date: other items' pages do not
// load it (rendered in place on the server, hydrated when its chunk arrives).
const ReadOnlyNotice = lazy(() =>
  import("~/components/content/read-only-notice").then((m) => ({ default: m.ReadOnlyNotice })),
);
// Memoised with its Suspense boundary: the page draws again while it hydrates (a form's state, a
// navigation), and an update reaching the boundary before its chunk has arrived would throw the
// server's notice away (React's #421, issue 33 item 15). Its props are the loader's, unchanged.
const ReadOnlyLine = memo(function ReadOnlyLine(p: ComponentProps<typeof ReadOnlyNotice>) {
  return (
    <Suspense fallback={null}>
      <ReadOnlyNotice {...p} />
    </Suspense>
  );
});

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
        crumbs={[
          { label: t("menu_home"), href: dash() },
          // A class of a program: Home › Class program › {program} › {class} (docs/decisions/044).
          ...(d.via
            ? [
                { label: t(d.via.labelKey), href: d.via.listHref },
                { label: d.via.name, href: d.via.href },
              ]
            : [{ label: t(d.labelKey), href: d.listHref }]),
          { label: d.item.name },
        ]}
      >
        <span className="font-mono text-sm text-slate-600">{d.item.code}</span>
        {d.library?.takeHref ? (
          <a
            href={d.library.takeHref}
            className="rounded border border-primary px-3 py-1.5 text-sm font-medium text-primary hover:bg-primary/5"
          >
            {t("lib_take_action")}
          </a>
        ) : null}
        {d.library?.source ? (
          <a href={d.library.source.href} className="text-sm text-primary hover:underline">
            {t("lib_from_library", { name: d.library.source.name })}
          </a>
        ) : null}
      </PageHeader>
      <FormErrors result={refused?.result} t={t} />
      {/* A read-only item (the registry's readOnly trait: a cancelled class) says so above every tab. */}
      {d.readOnly ? (
        <div className="mb-4">
          <ReadOnlyLine noticeKey={d.readOnly.noticeKey} at={d.readOnly.at} reason={d.readOnly.reason} />
        </div>
      ) : null}
      {d.canPublish ? <PublishPanel item={d.item} offset={d.offset} action={d.base} /> : null}
      <TabBar tabs={d.tabs} overall={d.overall} />
      <div className="mt-4">
        {/* Every tab's write forms render read-only under a read-only item (docs/decisions/040). */}
        <ItemWritableProvider writable={!d.readOnly}>
          <Outlet />
        </ItemWritableProvider>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
