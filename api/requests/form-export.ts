import type { FastifyReply } from "fastify";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";
import { configValues } from "../system/config-store";
import { localTime, pagesOf, sendTable, type ExportCell, type ExportColumn } from "../engine/table-export";
import type { ExportFormat } from "../../contract/codes";
import { translator } from "../content/features/enrollment/learners";
import { contentSummary, contentsWith, typeById } from "../approvals/contents";
import { presentSubmissions } from "./answers";
import { presentForms } from "./forms";

/**
 * A form's results as a spreadsheet (GET dashboard/{enrollment,request}-form/{id}/submission/export/;
 * issue 33 item 14, docs/decisions/074), through the export engine: one row per submission — who,
 * when, for which content (an enrollment form's) — and one column per question of the form as it is
 * now, in its order (a checkbox question's choices joined). Answers to questions since deleted are
 * left out, as the results page shows them. Headings in the requester's language, dates in the
 * organisation's zone.
 */
export async function exportSubmissions(
  reply: FastifyReply,
  db: Db,
  formId: number,
  account: AccountRow,
  format: ExportFormat,
  now: Date,
) {
  const [form] = await presentForms(db, [formId]);
  const t = translator(account.language);
  const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
  const questions = form.sections.flatMap((s) => s.questions);
  const enrollment = form.kind === "enrollment";
  const columns: ExportColumn[] = [
    { header: t("export_col_no"), kind: "number", width: 6 },
    { header: t("export_col_username") },
    { header: t("export_col_full_name"), width: 32 },
    { header: t("req_export_col_submitted"), kind: "date" },
    ...(enrollment ? [{ header: t("req_export_col_content"), width: 32 }] : []),
    ...questions.map((q) => ({ header: q.text, width: 24 })),
  ];
  const types = enrollment ? await contentsWith(db, "enrollment") : [];
  const contentNames = new Map<string, string>();
  const contentOf = async (typeId: number | null, id: number | null) => {
    if (typeId === null || id === null) return "";
    const key = `${typeId}:${id}`;
    if (!contentNames.has(key)) {
      const t = typeById(types, typeId);
      contentNames.set(key, (t && (await contentSummary(db, t, id))?.content.name) ?? "");
    }
    return contentNames.get(key)!;
  };
  const query = db
    .selectFrom("form_submission")
    .select(["id", "content_type_id", "content_id"])
    .where("form_id", "=", formId)
    .orderBy("datetime_create", "desc")
    .orderBy("id", "desc");
  async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
    let n = 0;
    for await (const part of pagesOf((limit, off) => query.limit(limit).offset(off).execute(), 500)) {
      const subs = await presentSubmissions(
        db,
        part.map((r) => r.id),
      );
      for (const [i, sub] of subs.entries()) {
        n++;
        const own = (q: number) =>
          sub.answers
            .filter((a) => a.question === q)
            .map((a) => a.value)
            .join(", ");
        yield [
          n,
          sub.account.username,
          sub.account.name,
          localTime(sub.datetime_create, Number(offset) || 0),
          ...(enrollment ? [await contentOf(part[i].content_type_id, part[i].content_id)] : []),
          ...questions.map((q) => own(q.id)),
        ];
      }
    }
  }
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  return sendTable(reply, {
    format,
    filename: `${form.code || `form-${form.id}`}-results-${day}`,
    sheetName: form.name,
    columns,
    rows: rows(),
  });
}
