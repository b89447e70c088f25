import { CsrfInput } from "~/components/forms";

/**
 * Close a content's enrollment now (issue 17 §3, docs/decisions/054): its enrollment period ends
 * and the learners still at "form required" are rejected (spec 001 §4). Shown on the waiting list
 * filtered to that content, for an account that may decide.
 */
export function CloseEnrollment({
  content,
  busy,
  t,
}: {
  content: { type: string; id: number; name: string };
  busy: boolean;
  t: (key: string, values?: Record<string, unknown>) => string;
}) {
  return (
    <form
      method="post"
      className="flex flex-wrap items-center gap-2 rounded border border-slate-200 bg-white p-3 text-sm"
    >
      <CsrfInput />
      <input type="hidden" name="content_type" value={content.type} />
      <input type="hidden" name="content" value={content.id} />
      <p className="max-w-2xl text-slate-700">{t("apv_close_hint", { content: content.name })}</p>
      <button
        type="submit"
        name="intent"
        value="close"
        disabled={busy}
        className="rounded border border-amber-400 bg-white px-3 py-1.5 hover:bg-amber-50 disabled:opacity-60"
      >
        {t("apv_close_enrollment")}
      </button>
    </form>
  );
}
