import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SearchForm } from "~/components/search-form";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import { PLAYLIST_ROLE, PLAYLIST_ROLE_CODES } from "../../contract/playlist-codes";
import type { Collaborator, PlaylistGrant } from "../../contract/schemas/playlist";
import { TableTab } from "~/components/content/table-tab";
import { itemId, requireContent } from "~/lms/content.server";
import { collaboratorRoleSchema, collaboratorSchema } from "~/lms/schemas.server";
import { tableTabAction } from "~/lms/extras.server";
import { readListPage } from "~/lms/paging.server";
import { Pager } from "~/components/content/pager";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras", "learningPlaylist"] };

/**
 * A playlist's collaborators (spec 001 §3 "Collaborator: account, group_list"; issue 36 §4,
 * docs/decisions/102): the accounts and groups of accounts it names, each with its role (admin,
 * content manager, recommender, editor, viewer), which decides what they may do on it in the
 * dashboard. Whoever may name collaborators — the playlist change flag, its owner, its admins —
 * adds one (an account or a group, and a role), changes a role, removes one with a confirmation
 * step; the others see the list. Plain forms: all of it works without JavaScript.
 */
const CANDIDATES = 200;

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const url = new URL(args.request.url);
  const base = `${type.api}${id}/collaborator/`;
  const find = (url.searchParams.get("find") ?? "").trim().slice(0, 100);
  const [rows, grant] = await Promise.all([
    readListPage<Paged<Collaborator>>(api, base, { url }),
    api.get<PlaylistGrant>(`${type.api}${id}/grant/`),
  ]);
  const managing = grant.data.is_managing;
  // Who may still be named (not those named already), for whoever may name them.
  const [accounts, groups] = managing
    ? await Promise.all([
        api.get<Paged<{ id: number; name: string; code: string }>>(`${base}account/`, {
          query: { page_size: CANDIDATES, ...(find ? { search: find } : {}) },
        }),
        api.get<Paged<{ id: number; name: string }>>(`${base}group/`, { query: { page_size: CANDIDATES } }),
      ])
    : [null, null];
  return data(
    {
      rows: rows.status === 200 ? rows.data : { results: [], count: 0, page: 1, page_size: 50, next: null },
      managing,
      find,
      accounts: accounts?.data.results ?? [],
      groups: groups?.data.results ?? [],
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return tableTabAction(args, {
    path: "collaborator",
    create: collaboratorSchema,
    update: collaboratorRoleSchema,
    toasts: { create: "pl_toast_collaborator_added", delete: "pl_toast_collaborator_removed" },
  });
}

export default function CollaboratorTab() {
  const { rows, managing, find, accounts, groups } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useContentTranslation();
  const roles = PLAYLIST_ROLE_CODES.map((r) => ({ value: String(r), label: t(`pl_role_${r}`) }));
  const who = (r: Collaborator) => (r.account ? `${r.account.name} (${r.account.username})` : (r.group?.name ?? ""));
  return (
    <div className="space-y-4">
      <TableTab
        title={t("tab_collaborator")}
        intro={t("pl_collaborator_intro")}
        rows={rows.results}
        rowName={who}
        columns={[
          { key: "who", label: t("pl_col_collaborator"), render: who },
          {
            key: "kind",
            label: t("pl_col_collaborator_kind"),
            render: (r) => t(r.account ? "pl_collaborator_account" : "pl_collaborator_group"),
          },
          { key: "role", label: t("pl_col_role"), render: (r) => t(`pl_role_${r.role}`) },
        ]}
        canChange={managing}
        add={{
          title: t("pl_collaborator_add"),
          submitLabel: t("pl_collaborator_add_submit"),
          // The least a new collaborator may do, until someone gives it more.
          defaults: { role: String(PLAYLIST_ROLE.viewer) },
          fields: [
            {
              name: "account",
              label: t("pl_field_collaborator_account"),
              kind: "select",
              options: [
                { value: "", label: t("pl_none") },
                ...accounts.map((a) => ({ value: String(a.id), label: `${a.name} (${a.code})` })),
              ],
              hint: t("pl_hint_collaborator_who"),
            },
            {
              name: "group",
              label: t("pl_field_collaborator_group"),
              kind: "select",
              options: [
                { value: "", label: t("pl_none") },
                ...groups.map((g) => ({ value: String(g.id), label: g.name })),
              ],
            },
            { name: "role", label: t("pl_col_role"), kind: "select", options: roles, required: true },
          ],
        }}
        edit={{
          fields: [{ name: "role", label: t("pl_col_role"), kind: "select", options: roles, required: true }],
          values: (r) => ({ role: String(r.role) }),
        }}
        remove={{ label: t("pl_collaborator_remove"), text: (r) => t("pl_collaborator_remove_text", { name: who(r) }) }}
        answer={answer}
        empty={t("pl_collaborator_empty")}
      />
      <Pager count={rows.count} page={rows.page} pageSize={rows.page_size} />
      {/* The add form offers the first accounts by username: a search narrows its choices (a GET form: forms do not nest). */}
      {managing ? (
        <SearchForm id="collaborator-find" name="find" value={find} label={t("pl_collaborator_find")} />
      ) : null}
    </div>
  );
}
