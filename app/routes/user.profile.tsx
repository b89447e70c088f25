import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import type { User } from "../../contract/schemas/user";
import { ConfirmDialog } from "~/components/content/confirm-dialog";
import { FactList } from "~/components/content/fact-list";
import { PostButton } from "~/components/content/row-actions";
import { useDates } from "~/components/use-dates";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { dash } from "~/lms/paths";
import { holds } from "~/lms/people.server";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

/** The query key that opens the deactivation's confirmation step (works without JavaScript). */
const CONFIRM = "confirm";

/**
 * A user's profile, the default tab (docs/decisions/034): who the account is, where it sits in
 * the organisation, its roles and groups, its learning per content type, and its state with the
 * activate / deactivate action. Deactivating ends the account's sessions, so it has a
 * confirmation step (`?confirm=deactivate`); activating does not.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireContent(args, "view");
  const { api, type, permission, profile } = user;
  const id = itemId(type, args.params);
  const res = await api.get<User>(`${type.api}${id}/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: api.headers() });
  const u = res.data;
  // A superuser's account is changed by a superuser only (decision 029): nobody else sees the button.
  const canChange =
    allows(type, permission, "change") && (!u.is_superuser || profile.is_superuser) && u.id !== profile.id;
  return data(
    {
      user: u,
      canChange,
      canDepartments: holds(user, "department_view_department"),
      canGroups: holds(user, "group_view_group"),
      canReset: allows(type, permission, "change") && (!u.is_superuser || profile.is_superuser),
      base: dash(`${type.segment}/${id}`),
      resetHref: dash(`${type.segment}/reset-password?q=${encodeURIComponent(u.username)}`),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { form, refusal } = await readForm(args.request);
  if (!form) return data({ error: refusal.message }, { status: refusal.status });
  const { api, type } = await requireContent(args, "change");
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  invariantResponse(intent === "activate" || intent === "deactivate", "Bad Request");
  const id = itemId(type, args.params);
  const here = new URL(args.request.url).pathname;
  const res = await api.post<{ detail?: string }>(`${type.api}${id}/${intent}/`, {}, { accept: [400, 404] });
  // cannot_deactivate_self (400) or a user gone meanwhile: said in a toast, back on the profile.
  if (res.status !== 200)
    return redirectWithToast(
      here,
      { type: "error", message: res.data?.detail ?? MSG.invalid, status: res.status },
      { headers: api.headers() },
    );
  return redirectWithToast(
    here,
    { type: "success", message: intent === "activate" ? "user_toast_activated" : "user_toast_deactivated" },
    { headers: api.headers() },
  );
}

const yesNo = (v: boolean | null | undefined) => (v ? "user_yes" : "user_no");

export default function UserProfile() {
  const d = useLoaderData<typeof loader>();
  const u = d.user;
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const [params] = useSearchParams();
  const name = [u.title, u.first_name, u.middle_name, u.last_name].filter(Boolean).join(" ");
  const code = (key: string, value: string | null | undefined) => (value ? t(`${key}_${value}`) : "—");
  const department = u.department_path.length ? (
    <span className="inline-flex flex-wrap gap-1">
      {u.department_path.map((p, i) => (
        <span key={p.id}>
          {i > 0 ? <span aria-hidden="true">› </span> : null}
          {d.canDepartments ? (
            <a className="text-primary underline" href={dash(`user/department/${p.id}`)}>
              {p.name}
            </a>
          ) : (
            p.name
          )}
        </span>
      ))}
    </span>
  ) : (
    "—"
  );
  const supervisor = u.supervisor ? (
    <a className="text-primary underline" href={dash(`user/${u.supervisor.id}/profile`)}>
      {`${u.supervisor.first_name} ${u.supervisor.last_name}`} ({u.supervisor.username})
    </a>
  ) : (
    "—"
  );
  const typeName = (c: User["progress_summary"][number]["content_type"]) =>
    i18n.exists(`content_${c.code}`) ? t(`content_${c.code}`) : c.name;
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="profile-state"
        className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-white p-4"
      >
        <h2 id="profile-state" className="sr-only">
          {t("user_state")}
        </h2>
        <span className={u.is_active ? "badge-active" : "badge-inactive"}>
          {t(u.is_active ? "state_active" : "state_inactive")}
        </span>
        <span className="text-sm text-slate-700">{t("user_last_active", { when: dates.dateTime(u.last_active) })}</span>
        {u.onboard_date ? (
          <span className="text-sm text-slate-700">{t("user_onboard_date", { when: dates.day(u.onboard_date) })}</span>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <a
            href={`${d.base}/information`}
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            {t("user_edit")}
          </a>
          {d.canReset ? (
            <a
              href={d.resetHref}
              className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
            >
              {t("user_reset_password")}
            </a>
          ) : null}
          {d.canChange && u.is_active ? (
            <a
              href={`?${CONFIRM}=deactivate`}
              className="rounded border border-red-300 bg-white px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
            >
              {t("user_deactivate")}
            </a>
          ) : null}
          {d.canChange && !u.is_active ? (
            <PostButton
              intent="activate"
              label={t("user_activate")}
              className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
            />
          ) : null}
        </div>
      </section>
      <Section id="profile-account" title={t("user_section_account")}>
        <FactList
          facts={[
            ["user_full_name", name || "—"],
            [
              "field_username",
              <span key="u" className="font-mono">
                {u.username}
              </span>,
            ],
            ["field_email", u.email],
            ["field_phone", u.phone ?? "—"],
            ["field_gender", code("gender", u.gender)],
            ["field_language", code("language", u.language)],
            ["field_date_birth", u.date_birth ? dates.day(u.date_birth) : "—"],
            ["field_expired_date", u.expired_date ? dates.day(u.expired_date) : "—"],
            ["field_is_force_reset_password", t(yesNo(u.is_force_reset_password))],
            ["user_dashboard_access", t(yesNo(u.is_dashboard_permission))],
            ["user_created", dates.dateTime(u.datetime_create)],
            ["user_password_changed", dates.dateTime(u.datetime_password_change)],
          ]}
        />
      </Section>
      <Section id="profile-organisation" title={t("user_section_organisation")}>
        <FactList
          facts={[
            ["field_department", department],
            ["field_position", u.position?.name ?? "—"],
            ["field_level", u.level?.name ?? "—"],
            ["field_supervisor", supervisor],
            ["field_employee_code", u.code ?? "—"],
            ["field_company", u.company ?? "—"],
            ["field_job_family", u.job_family ?? "—"],
            ["field_work_shift", u.work_shift ?? "—"],
            ["field_location", u.location_name ?? "—"],
            ["field_english_score", u.english_score ?? "—"],
            ["field_date_start", u.date_start ? dates.day(u.date_start) : "—"],
            ["field_date_joined", u.date_joined ? dates.day(u.date_joined) : "—"],
            [
              "user_experience",
              u.count_experience_year || u.count_experience_month
                ? t("user_experience_value", {
                    years: u.count_experience_year ?? 0,
                    months: u.count_experience_month ?? 0,
                  })
                : "—",
            ],
          ]}
        />
      </Section>
      <div className="grid gap-6 md:grid-cols-2">
        <Section id="profile-roles" title={t("user_roles")}>
          <Chips empty={t("user_no_roles")} items={u.role_list.map((r) => ({ key: r.id, label: r.name }))} />
        </Section>
        <Section id="profile-groups" title={t("user_groups")}>
          <Chips
            empty={t("user_no_groups")}
            items={u.group_list.map((g) => ({
              key: g.id,
              label: g.name,
              href: d.canGroups ? dash(`group/${g.id}`) : undefined,
            }))}
          />
        </Section>
      </div>
      <Section id="profile-progress" title={t("user_progress")}>
        {u.progress_summary.length ? (
          <table className="min-w-full rounded border border-slate-200 bg-white text-sm">
            <caption className="sr-only">{t("user_progress")}</caption>
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("user_col_content_type")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("user_col_enrolled")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("user_col_completed")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {u.progress_summary.map((p) => (
                <tr key={p.content_type.id}>
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {typeName(p.content_type)}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{p.count}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.count_completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
            {t("user_no_progress")}
          </p>
        )}
      </Section>
      {d.canChange && u.is_active && params.get(CONFIRM) === "deactivate" ? (
        <ConfirmDialog
          title={t("user_deactivate_title")}
          text={t("user_deactivate_text", { name: name || u.username })}
          confirmLabel={t("user_deactivate")}
          intent="deactivate"
          param={CONFIRM}
          danger
        />
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Names as small labels (a link each when it has a page), or a line saying there are none. */
function Chips({ items, empty }: { items: { key: number; label: string; href?: string }[]; empty: string }) {
  if (!items.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((i) => (
        <li key={i.key} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm">
          {i.href ? (
            <a className="text-primary underline" href={i.href}>
              {i.label}
            </a>
          ) : (
            i.label
          )}
        </li>
      ))}
    </ul>
  );
}
