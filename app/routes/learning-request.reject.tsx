import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { LearningRequest } from "../../contract/schemas/requests";
import { CsrfInput, ErrorList, TextareaField } from "~/components/forms";
import { kindOfPath } from "~/components/requests/kinds";
import { useSubmitting } from "~/components/use-submitting";
import { requirePermission } from "~/lms/auth.server";
import { requestRejectAction } from "~/lms/request-pages.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "content"] };

/**
 * Rejecting a request — learning, material or an enrolment waiting in its flow — at the step it
 * waits at (issue 33 item 12; docs/decisions/074): a page of its own, so a rejection is never one
 * click, that asks the reason; the learner is shown it. Only the step's deciders get the form;
 * anyone else, or a request decided meanwhile, is told so with a way back.
 */
export async function loader(args: LoaderFunctionArgs) {
  const def = kindOfPath(new URL(args.request.url).pathname);
  const { api } = await requirePermission(args, def.flags.view, [def.decides]);
  const { data: request } = await api.get<LearningRequest>(`${def.api}${Number(args.params.requestid)}/`);
  return data({ segment: def.segment, request }, { headers: api.headers() });
}

export const action = (args: ActionFunctionArgs) => requestRejectAction(args);

export default function RejectRequest() {
  const { segment, request: r } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  const back = dash(`${segment}/${r.id}`);
  return (
    <div className="max-w-2xl space-y-4">
      <header className="space-y-1">
        <p className="text-sm">
          <a href={back} className="text-primary hover:underline">
            ← {r.name}
          </a>
        </p>
        <h1 className="text-2xl font-semibold">{t("req_reject_title")}</h1>
        <p className="text-sm text-slate-700">
          {t("req_reject_intro", { name: r.name, learner: r.account.name, step: r.step, count: r.count_step })}
        </p>
      </header>
      {r.can_decide ? (
        <Form method="post" noValidate className="space-y-3 rounded border border-red-200 bg-white p-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="decision" value="reject" />
          <ErrorList errors={answer?.errors?.map((e) => t(e))} />
          <TextareaField
            id="reject-reason"
            name="note"
            label={t("req_field_reason_reject")}
            help={t("req_help_reason_reject")}
            requiredMark
            errors={answer?.fields?.note?.map((e) => t(e))}
            textareaProps={{ rows: 4 }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              disabled={busy}
              className="rounded bg-red-700 px-5 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              {t("req_reject_confirm")}
            </button>
            <a href={back} className="text-sm text-primary underline">
              {t("req_reject_cancel")}
            </a>
          </div>
        </Form>
      ) : (
        <p role="status" className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {t("req_reject_not_yours")}{" "}
          <a href={back} className="text-primary underline">
            {t("req_back_to_request")}
          </a>
        </p>
      )}
    </div>
  );
}
