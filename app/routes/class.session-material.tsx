import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { SessionMaterial } from "../../contract/schemas/class-session-pages";
import { SessionHead } from "~/components/class/session-links";
import { TableTab, type TableTabAnswer } from "~/components/content/table-tab";
import { classOf, loadClass, loadSession, sessionIdOf } from "~/lms/class-session.server";
import { classMaterials, loadSessionMaterials, sessionMaterialAction } from "~/lms/class-session-pages.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content", "curriculum"] };

/**
 * A session's materials (curriculum/{sessionid}/material, docs/decisions/045): which of the class's
 * materials (its material tab: sections of slot forms, uploads, prerequisites) this session uses,
 * in order. They are picked, not made here: a material lives once, in the class, so a file is
 * uploaded once and a session's change never forks it. Removing one unlinks it; the material stays.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "view");
  const sessionId = sessionIdOf(args);
  const [klass, session, rows, materials] = await Promise.all([
    loadClass(page),
    loadSession(page, sessionId),
    loadSessionMaterials<SessionMaterial>(page, sessionId),
    classMaterials(page),
  ]);
  const canChange = page.can("change") && !klass.is_read_only;
  return data(
    { base: page.base, session: { id: session.id, name: session.name }, rows, materials, canChange },
    { headers: page.api.headers() },
  );
}

export const action = (args: ActionFunctionArgs) => sessionMaterialAction(args);

export default function SessionMaterialPage() {
  const { base, session, rows, materials, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TableTabAnswer | undefined;
  const { t } = useTranslation();
  const taken = new Set(rows.map((r) => r.material.id));
  const free = materials.filter((m) => !taken.has(m.id));
  return (
    <div className="space-y-4">
      <SessionHead
        base={base}
        session={session}
        current="material"
        canChange={canChange}
        title={t("cls_session_material_title", { name: session.name })}
      />
      <TableTab
        title={t("cls_session_material")}
        intro={t("cls_session_material_intro")}
        rows={rows}
        rowName={(r) => r.material.name}
        columns={[
          {
            key: "name",
            label: t("curriculum_col_name"),
            render: (r) => (
              <span className="flex flex-wrap items-center gap-1.5">
                <span className="font-medium">{r.material.name}</span>
                {r.material.is_display ? null : (
                  <span className="rounded border border-slate-300 bg-slate-100 px-1.5 text-xs text-slate-700">
                    {t("cls_material_hidden")}
                  </span>
                )}
              </span>
            ),
          },
          { key: "type", label: t("curriculum_col_type"), render: (r) => t(`curriculum_slot_${r.material.slot_type}`) },
          { key: "section", label: t("cls_col_section"), render: (r) => r.material.section.name },
          {
            key: "required",
            label: t("cls_col_required"),
            render: (r) => t(r.material.is_required ? "curriculum_badge_required" : "curriculum_badge_optional"),
          },
        ]}
        canChange={canChange}
        add={
          free.length
            ? {
                title: t("cls_session_material_add"),
                submitLabel: t("cls_action_attach"),
                fields: [
                  {
                    name: "material",
                    label: t("cls_field_material"),
                    kind: "select",
                    required: true,
                    options: [
                      { value: "", label: t("choose") },
                      ...free.map((m) => ({
                        value: String(m.id),
                        label: `${m.section} › ${m.name} (${t(`curriculum_slot_${m.slot_type}`)})`,
                      })),
                    ],
                  },
                ],
              }
            : null
        }
        nothingToAdd={materials.length ? t("cls_session_material_all_added") : t("cls_session_material_none_in_class")}
        remove={{
          label: t("cls_action_detach"),
          text: (r) => t("cls_session_material_remove_text", { name: r.material.name }),
        }}
        answer={answer ?? null}
        empty={t("cls_session_material_empty")}
      />
      {materials.length ? null : (
        <p className="text-sm">
          <a href={`${base}/material`} className="text-primary underline">
            {t("cls_session_material_go_to_tab")}
          </a>
        </p>
      )}
    </div>
  );
}
