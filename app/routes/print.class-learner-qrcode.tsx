import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { LearnerQrAnswer } from "../../contract/schemas/class-options";
import { printTarget, qrSvg, requireClassFlag } from "~/lms/class-qr.server";
import { invariantResponse } from "~/lms/invariant";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["class"] };

/**
 * The learners' personal check-in codes of a class whose learners hold the code (qr_code_holder 0,
 * docs/decisions/046): a card per learner holding a seat — name, username, the code as SVG and as
 * text — on A4 portrait, to cut out and hand out. Staff scan a card (or type its text) on a
 * session's check-in page. Rendered on the server, outside the shell; guarded by the class's view
 * flag. A class whose administrator holds the code says so instead.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireClassFlag(args, "view");
  const { classId } = printTarget(args.params);
  const res = await user.api.get<LearnerQrAnswer>(`dashboard/class/${classId}/checkin/learner-qr/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: user.api.headers() });
  const held = res.data.class.qr_code_holder === 0;
  const cards = held ? await Promise.all(res.data.results.map(async (r) => ({ ...r, svg: await qrSvg(r.token) }))) : [];
  return data(
    { klass: res.data.class, held, cards, back: dash(`class/${classId}/checkin`) },
    { headers: user.api.headers() },
  );
}

export default function PrintLearnerCodes() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <div className="min-h-screen bg-slate-200 print:bg-white">
      <style>{"@page { size: A4 portrait; margin: 10mm; }"}</style>
      <header className="sticky top-0 z-10 border-b border-slate-300 bg-white/95 shadow-sm print:hidden">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
          <div className="mr-auto min-w-0">
            <h1 id="codes-title" className="truncate text-base font-semibold text-slate-900">
              {t("cls_learner_codes_of", { name: d.klass.name })}
            </h1>
            <p className="text-sm text-slate-600">
              {d.held ? t("cls_learner_codes_count", { count: d.cards.length }) : t("cls_learner_codes_admin_holds")}
            </p>
          </div>
          <a href={d.back} className="text-sm text-primary underline">
            ‹ {t("cls_qr_back")}
          </a>
          {live && d.cards.length ? (
            <button
              type="button"
              onClick={() => window.print()}
              className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg"
            >
              {t("cls_qr_print")}
            </button>
          ) : null}
        </div>
      </header>
      <main aria-labelledby="codes-title" className="mx-auto max-w-5xl p-4 print:p-0">
        {d.held && !d.cards.length ? <p className="p-8 text-center text-slate-700">{t("enr_no_learners")}</p> : null}
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 print:grid-cols-3 print:gap-2">
          {d.cards.map((c) => (
            <li
              key={c.enrollment_id}
              className="break-inside-avoid rounded border border-dashed border-slate-400 bg-white p-3 text-center"
            >
              <p className="text-xs text-slate-600">{d.klass.name}</p>
              <p className="mt-1 font-semibold text-slate-900">{c.account.name || c.account.username}</p>
              <p className="font-mono text-xs text-slate-600">{c.account.username}</p>
              {/* The code is made on the server from the learner's token; no script runs here. */}
              <div
                className="mx-auto mt-2 w-36"
                role="img"
                aria-label={t("cls_learner_code_named", { name: c.account.name || c.account.username })}
                dangerouslySetInnerHTML={{ __html: c.svg }}
              />
              <p className="mt-1 break-all font-mono text-[10px] text-slate-700">{c.token}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
