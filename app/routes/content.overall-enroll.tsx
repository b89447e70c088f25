import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { FilterOption, Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { ADD_METHOD, ENROLL_ADD_METHODS, MAX_ENROLL_IDS } from "../../contract/codes";
import type { EnrollAnswer, EnrollCandidates, ImportAnswer, Seats } from "../../contract/schemas/enrollment";
import { FormPager } from "~/components/content/form-pager";
import { ResultTable } from "~/components/content/result-table";
import { useShiftRange } from "~/components/use-shift-range";
import { useFileSize } from "~/components/use-file-size";
import { CsrfInput, ErrorList } from "~/components/forms";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import { itemPaths } from "~/lms/enrollment.server";
import { pageParam, readListPage } from "~/lms/paging.server";
import { PAGE_KEY } from "~/lms/list-query";
import { enrollPickerSchema, enrollSchema, parseWithZod } from "~/lms/schemas.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";
import { departmentTree } from "~/lms/department-tree";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * Overall › Learners › enrol (issue 6 item 5): enrol learners by picking them (search, then tick),
 * by department (with sub-departments if asked), by group, or by a csv / xlsx file with a username
 * or email column. The answer is shown on the page: one line per account or file row, refused
 * rows marked with the reason (the item's capacity applies: docs/decisions/017, whose seats are
 * shown first). Four plain forms; works without JavaScript.
 *
 * The learner picker lists every active account, 50 a page, narrowed by a search. Its search and
 * page buttons post the form (intents `search` and `browse`) and come back to
 * `?q=…&page=…&picked=…`, so the boxes ticked so far travel along in the URL — a GET form or a
 * link would drop them — and picks made on other pages stay listed (and can be unticked).
 */
const CANDIDATES = 50;
const PICKED_KEY = "picked";

/** The ids ticked so far, from the URL (`picked=1,2,3`): valid ones only, once each, at most MAX_ENROLL_IDS. */
function pickedOf(params: URLSearchParams): number[] {
  const raw = (params.get(PICKED_KEY) ?? "")
    .split(",")
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);
  return [...new Set(raw)].slice(0, MAX_ENROLL_IDS);
}

/** The picker's URL: the applied search, a page (1 left out) and the picks. */
function pickerQuery(q: string, page: number, picked: readonly number[]): string {
  const out = new URLSearchParams();
  if (q) out.set("q", q);
  if (page > 1) out.set(PAGE_KEY, String(page));
  if (picked.length) out.set(PICKED_KEY, picked.join(","));
  const text = out.toString();
  return text ? `?${text}` : "";
}

export async function loader(args: LoaderFunctionArgs) {
  const { api, type, config } = await requireContent(args, "learner");
  const id = itemId(type, args.params);
  const paths = itemPaths(type, id);
  const url = new URL(args.request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const picked = pickedOf(url.searchParams);
  const accounts = `${paths.api}enroll/account/`;
  const [found, pickedRows, departments, groups] = await Promise.all([
    // A page past the end (the list shrank) lands on the last page, picks kept.
    readListPage<EnrollCandidates>(api, accounts, {
      url,
      query: { ...(q ? { search: q } : {}), page_size: CANDIDATES },
      accept: [400, 404],
      to: (page) => `${url.pathname}${pickerQuery(q, page, picked)}`,
    }),
    picked.length
      ? api
          .get<EnrollCandidates>(accounts, { query: { id_list: picked.join(","), page_size: MAX_ENROLL_IDS } })
          .then((r) => r.data.results)
      : [],
    api
      .get<Paged<FilterOption & { parent_id?: number | null }>>("dashboard/filter/department-cascade/", {
        query: { page_size: 1000 },
      })
      .then((r) => r.data.results),
    api
      .get<Paged<FilterOption>>("dashboard/filter/group/type/ACCOUNT/", { query: { page_size: 1000 } })
      .then((r) => r.data.results),
  ]);
  const candidates = found.status === 200 ? found.data : null;
  const shown = new Set(candidates?.results.map((c) => c.id) ?? []);
  return data(
    {
      q,
      candidates,
      badQuery: found.status !== 200,
      seats: candidates?.seats ?? null,
      picked,
      // Ticked on other pages and not enrolled since: listed apart so they can be unticked.
      pickedElsewhere: pickedRows
        .filter((c) => !shown.has(c.id) && !c.is_enrolled)
        .map((c) => ({ id: c.id, username: c.username, first_name: c.first_name, last_name: c.last_name })),
      departments: departmentTree(departments),
      groups: groups.map((g) => ({ id: g.id, name: g.name })),
      limitBytes: Number(config["file-size-limit"]?.value ?? 10485760),
      back: `${paths.base}/overall/learner`,
    },
    { headers: api.headers() },
  );
}

type Intent = "enroll-list" | "enroll-department" | "enroll-group" | "import" | "search" | "browse";
const INTENTS: Intent[] = ["enroll-list", "enroll-department", "enroll-group", "import", "search", "browse"];

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(request, "learner");
  const id = itemId(type, params);
  const paths = itemPaths(type, id);
  const limit = Number(config["file-size-limit"]?.value ?? 10485760);
  const { form, refusal } = await readForm(request, { maxPartSize: limit });
  // Shown under the import form: the one that uploads, so the likeliest to arrive unreadable.
  if (!form)
    return data(
      {
        intent: "import" as Intent,
        errors: { file: [refusal.message] } as Record<string, string[]>,
        enrolled: null,
        imported: null,
      },
      { status: refusal.status },
    );
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "") as Intent;
  invariantResponse(INTENTS.includes(intent), "Bad Request");

  if (intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      return data(
        { intent, errors: { file: [MSG.required] } as Record<string, string[]>, enrolled: null, imported: null },
        { status: 400 },
      );
    const body = new FormData();
    body.set("file", file, file.name);
    // The add method chosen beside the file (R149); the API checks it.
    body.set("add_method", String(form.get("add_method") ?? ""));
    const res = await api.upload<ImportAnswer | Record<string, string[]>>(`${paths.api}enroll/import/`, body, {
      accept: [400],
    });
    if (res.status === 400)
      return data(
        { intent, errors: res.data as Record<string, string[]>, enrolled: null, imported: null },
        { status: 400, headers: api.headers() },
      );
    return data(
      { intent, errors: null, enrolled: null, imported: res.data as ImportAnswer },
      { headers: api.headers() },
    );
  }

  // The picker's search and page buttons: back to the picker with the ticks in the URL. A search
  // starts at its first page; a page button names its page (and the search applied) in its URL.
  if (intent === "search" || intent === "browse") {
    const picker = parseWithZod(form, { schema: enrollPickerSchema });
    if (picker.status !== "success")
      return data(
        { intent: "search" as Intent, errors: flatErrors(picker.reply().error), enrolled: null, imported: null },
        { status: 400 },
      );
    const here = new URL(request.url);
    const q = intent === "search" ? picker.value.q : (here.searchParams.get("q")?.trim() ?? "").slice(0, 200);
    const page = intent === "search" ? 1 : pageParam(here.searchParams);
    return redirect(`${here.pathname}${pickerQuery(q, page, picker.value.account_list)}`, { headers: api.headers() });
  }

  // Each form sends its own list; the schema (shared with the API) refuses an empty choice.
  const submission = parseWithZod(form, { schema: enrollSchema });
  if (submission.status !== "success")
    return data(
      { intent, errors: flatErrors(submission.reply().error), enrolled: null, imported: null },
      { status: 400 },
    );
  const res = await api.post<EnrollAnswer | Record<string, unknown>>(`${paths.api}enroll/`, submission.value, {
    accept: [400],
  });
  if (res.status === 400) {
    const { formErrors, fieldErrors } = apiFieldErrors(res.data as Record<string, unknown>);
    return data(
      { intent, errors: { "": formErrors, ...fieldErrors }, enrolled: null, imported: null },
      { status: 400, headers: api.headers() },
    );
  }
  return data({ intent, errors: null, enrolled: res.data as EnrollAnswer, imported: null }, { headers: api.headers() });
}

/** conform's reply errors as field → messages ("" for the form's own). */
const flatErrors = (error: Record<string, string[] | null> | undefined) =>
  Object.fromEntries(Object.entries(error ?? {}).map(([k, v]) => [k, v ?? []])) as Record<string, string[]>;

const box = "rounded border border-slate-200 bg-white p-4";
const button =
  "rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60";

export default function OverallEnroll() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const busy = useSubmitting();
  const candidateRows = useShiftRange<HTMLFieldSetElement>();
  const [params] = useSearchParams();
  const { t, i18n } = useContentTranslation();
  const fileSize = useFileSize();
  const fmt = new Intl.NumberFormat(i18n.language === "th" ? "th-TH" : "en-GB");
  /** Errors of one form (its own and its fields'), translated. */
  const errorsOf = (intent: Intent) =>
    a && a.intent === intent && a.errors
      ? Object.values(a.errors)
          .flat()
          .map((m) => t(m))
      : null;
  const intentField = (intent: Intent) => <input type="hidden" name="intent" value={intent} />;
  /** How the learners come in (R149, spec 001 §4 add methods: enrolled, assigned, auto assigned), one choice per form. */
  const addMethod = (intent: Intent) => (
    <label className="mt-2 block text-sm">
      <span className="mb-1 block font-medium text-slate-700">{t("enr_field_add_method")}</span>
      <select
        id={`add-method-${intent}`}
        name="add_method"
        defaultValue={String(ADD_METHOD.enrolled)}
        className="rounded border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {ENROLL_ADD_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`add_method_${m}`)}
          </option>
        ))}
      </select>
    </label>
  );
  /** What a full item did to this call (nothing when it had room). */
  const capacityNote = (waiting: number, full: number, seats: Seats | null) =>
    [
      waiting ? t("enr_result_capacity_waiting", { n: fmt.format(waiting) }) : null,
      full ? t("enr_result_capacity_full", { n: fmt.format(full), capacity: fmt.format(seats?.capacity ?? 0) }) : null,
    ]
      .filter(Boolean)
      .map((text) => ` ${text}`)
      .join("");
  const picked = new Set(d.picked);
  const pickerAction = (page: number) =>
    `?${new URLSearchParams({ ...(d.q ? { q: d.q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

  return (
    <section aria-labelledby="enroll-title" className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="enroll-title" className="text-lg font-semibold">
          {t("enr_enroll_title")}
        </h2>
        <a href={d.back} className="ml-auto text-sm text-primary underline">
          {t("enr_back_to_learners")}
        </a>
      </div>
      {d.seats ? (
        <p className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t(d.seats.when_full === "waiting_list" ? "enr_seats_waiting_list" : "enr_seats_closed", {
            taken: fmt.format(d.seats.taken),
            capacity: fmt.format(d.seats.capacity),
          })}
        </p>
      ) : null}

      {a?.enrolled ? (
        <ResultTable
          title={t("enr_result_title")}
          summary={
            t("enr_result_summary", {
              enrolled: fmt.format(a.enrolled.enrolled),
              already: fmt.format(a.enrolled.already_enrolled),
              not_found: fmt.format(a.enrolled.not_found),
            }) + capacityNote(a.enrolled.waiting_list, a.enrolled.full, a.enrolled.seats)
          }
          headers={[t("enr_col_account"), t("enr_col_result")]}
          rows={a.enrolled.results.map((r) => ({
            key: r.account,
            refused: r.result === "not_found" || r.result === "full",
            cells: [r.username ?? `#${r.account}`, t(`enr_result_${r.result}`)],
          }))}
        />
      ) : null}
      {a?.imported ? (
        <ResultTable
          title={t("enr_import_result_title")}
          summary={
            t("enr_import_summary", {
              enrolled: fmt.format(a.imported.enrolled),
              already: fmt.format(a.imported.already_enrolled),
              refused: fmt.format(a.imported.refused),
            }) +
            capacityNote(
              a.imported.waiting_list,
              a.imported.results.filter((r) => r.result === "full").length,
              a.imported.seats,
            )
          }
          headers={[
            t("enr_col_row"),
            t(a.imported.column === "email" ? "enr_col_email" : "enr_col_username"),
            t("enr_col_result"),
          ]}
          rows={a.imported.results.map((r) => ({
            key: r.row,
            refused: r.refused,
            cells: [
              r.row,
              r.value || "—",
              r.refused
                ? t("enr_refused_because", { reason: t(`enr_result_${r.result}`) })
                : t(`enr_result_${r.result}`),
            ],
          }))}
        />
      ) : null}

      <div className="grid gap-5 xl:grid-cols-2">
        <section aria-labelledby="by-list-title" className={box}>
          <h3 id="by-list-title" className="mb-2 font-semibold">
            {t("enr_by_list")}
          </h3>
          <Form method="post" action={`?${params}`}>
            <WritableFields>
              <CsrfInput />
              <div role="search" className="mb-3 flex items-end gap-2">
                <div className="grow">
                  <label htmlFor="candidate-search" className="mb-1 block text-xs font-medium text-slate-700">
                    {t("enr_find_learners")}
                  </label>
                  <input
                    id="candidate-search"
                    type="search"
                    name="q"
                    defaultValue={d.q}
                    maxLength={200}
                    placeholder={t("enr_search_placeholder")}
                    className="w-full rounded border border-slate-300 px-3 py-1.5 text-sm"
                  />
                </div>
                {/* First submit button of the form: Enter in the search box searches. */}
                <button
                  type="submit"
                  name="intent"
                  value="search"
                  formAction={pickerAction(1)}
                  className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
                >
                  {t("search")}
                </button>
              </div>
              <ErrorList errors={errorsOf("search")} />
              {d.pickedElsewhere.length ? (
                <fieldset className="mb-3 space-y-1 rounded border border-primary/40 bg-slate-50 p-2">
                  <legend className="px-1 text-xs font-medium text-slate-700">
                    {t("enr_picked_title", { n: fmt.format(d.pickedElsewhere.length) })}
                  </legend>
                  {d.pickedElsewhere.map((c) => (
                    <label key={c.id} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="account_list" value={c.id} defaultChecked className="h-4 w-4" />
                      <span>
                        {c.first_name} {c.last_name}{" "}
                        <span className="font-mono text-xs text-slate-600">{c.username}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
              {d.candidates?.results.length ? (
                <fieldset
                  ref={candidateRows}
                  className="max-h-72 space-y-1 overflow-auto rounded border border-slate-200 p-2"
                >
                  <legend className="sr-only">{t("enr_pick_learners")}</legend>
                  {d.candidates.results.map((c) => (
                    <label key={c.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="account_list"
                        value={c.id}
                        disabled={c.is_enrolled}
                        defaultChecked={c.is_enrolled || picked.has(c.id)}
                        className="h-4 w-4"
                      />
                      <span>
                        {c.first_name} {c.last_name}{" "}
                        <span className="font-mono text-xs text-slate-600">{c.username}</span>
                        {c.is_enrolled ? (
                          <span className="ml-1 text-xs text-slate-600">({t("enr_result_already_enrolled")})</span>
                        ) : null}
                      </span>
                    </label>
                  ))}
                </fieldset>
              ) : (
                <p className="text-sm text-slate-600">{t(d.badQuery ? "invalid" : "enr_no_accounts")}</p>
              )}
              {d.candidates ? (
                <FormPager
                  count={d.candidates.count}
                  page={d.candidates.page}
                  pageSize={d.candidates.page_size}
                  capped={d.candidates.count_capped}
                  label={t("enr_picker_pages")}
                  actionFor={pickerAction}
                  name="intent"
                  value="browse"
                  disabled={busy}
                />
              ) : null}
              <p className="mt-1 text-xs text-slate-600">{t("enr_picked_hint")}</p>
              {addMethod("enroll-list")}
              <ErrorList errors={errorsOf("enroll-list")} />
              <button type="submit" name="intent" value="enroll-list" disabled={busy} className={`${button} mt-3`}>
                {t("enr_enroll_selected")}
              </button>
            </WritableFields>
          </Form>
        </section>

        <section aria-labelledby="by-file-title" className={box}>
          <h3 id="by-file-title" className="mb-2 font-semibold">
            {t("enr_by_file")}
          </h3>
          <Form method="post" encType="multipart/form-data" action={`?${params}`} className="space-y-2">
            <WritableFields>
              <CsrfInput />
              {intentField("import")}
              <label htmlFor="enroll-file" className="block text-sm font-medium text-slate-700">
                {t("enr_choose_file")}
              </label>
              <input
                id="enroll-file"
                type="file"
                name="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="block w-full text-sm"
              />
              <p className="text-xs text-slate-600">{t("enr_file_rules", { size: fileSize(d.limitBytes) })}</p>
              {addMethod("import")}
              <ErrorList errors={errorsOf("import")} />
              <button type="submit" disabled={busy} className={button}>
                {t("enr_upload")}
              </button>
            </WritableFields>
          </Form>
        </section>

        <section aria-labelledby="by-department-title" className={box}>
          <h3 id="by-department-title" className="mb-2 font-semibold">
            {t("enr_by_department")}
          </h3>
          <Form method="post" action={`?${params}`}>
            <WritableFields>
              <CsrfInput />
              {intentField("enroll-department")}
              <fieldset className="max-h-72 space-y-1 overflow-auto rounded border border-slate-200 p-2">
                <legend className="sr-only">{t("enr_pick_departments")}</legend>
                {d.departments.map((dep) => (
                  <label
                    key={dep.id}
                    className="flex items-center gap-2 text-sm"
                    style={{ paddingLeft: `${dep.depth * 1.25}rem` }}
                  >
                    <input type="checkbox" name="department_list" value={dep.id} className="h-4 w-4" />
                    {dep.name}
                  </label>
                ))}
              </fieldset>
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="checkbox" name="include_sub_department" value="on" defaultChecked className="h-4 w-4" />
                {t("enr_include_sub_departments")}
              </label>
              {addMethod("enroll-department")}
              <ErrorList errors={errorsOf("enroll-department")} />
              <button type="submit" disabled={busy} className={`${button} mt-3`}>
                {t("enr_enroll_departments")}
              </button>
            </WritableFields>
          </Form>
        </section>

        <section aria-labelledby="by-group-title" className={box}>
          <h3 id="by-group-title" className="mb-2 font-semibold">
            {t("enr_by_group")}
          </h3>
          <Form method="post" action={`?${params}`}>
            <WritableFields>
              <CsrfInput />
              {intentField("enroll-group")}
              <fieldset className="space-y-1">
                <legend className="sr-only">{t("enr_pick_groups")}</legend>
                {d.groups.map((g) => (
                  <label key={g.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="group_list" value={g.id} className="h-4 w-4" />
                    {g.name}
                  </label>
                ))}
              </fieldset>
              {addMethod("enroll-group")}
              <ErrorList errors={errorsOf("enroll-group")} />
              <button type="submit" disabled={busy} className={`${button} mt-3`}>
                {t("enr_enroll_groups")}
              </button>
            </WritableFields>
          </Form>
        </section>
      </div>
    </section>
  );
}
