import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ConfigDict } from "../../contract/config";
import type { Paged } from "../../contract/http";
import type { Lms } from "./api.server";
import { schemaFor, visibleFields, type FormMode } from "./content-form.server";
import type { ContentType, Option } from "./content.server";

/**
 * The engine's account field (registry kind `account`: a user's supervisor; docs/decisions/034
 * amendment): a choice among every account, which no select can list, so it is searched. Its
 * `source` is an account list that takes `search`, `id_list` and `page_size` (spec 002 §7's
 * filter-list shape): `dashboard/user/?is_active=1`, its query applying to the search only. The
 * form offers, as radio buttons, "none", the account it holds (named by `id_list`, whatever its
 * state now) and, after a search, the accounts matching it.
 *
 * The search is the form's own submit button (intent `find`), so it carries every value typed so
 * far and gives them back untouched, nothing saved — except passwords, never written into a page.
 * A POST, not a GET: a form that may hold a password must not put it in a URL.
 */

/** How many matches a search lists; a narrower search finds the rest. */
export const ACCOUNT_SEARCH_SIZE = 20;
/** The search box of an account field is `{name}_find`. */
export const findBoxOf = (name: string) => `${name}_find`;

export type AccountSearch = { find: string; more: boolean; searched: boolean };
export type AccountChoices = { options: Record<string, Option[]>; searches: Record<string, AccountSearch> };

/** An account as a filter list (`name`, `code`: username) or the user list (names, `username`) answers it. */
type AccountAnswer = {
  id: number;
  name?: string;
  code?: string | null;
  username?: string;
  first_name?: string;
  last_name?: string;
};
const optionOf = (a: AccountAnswer): Option => {
  const name = a.name ?? [a.first_name, a.last_name].filter(Boolean).join(" ");
  const login = a.username ?? a.code ?? "";
  return { value: String(a.id), label: login ? `${name} (${login})` : name };
};

type Field = ReturnType<typeof visibleFields>[number];
const accountFields = (fields: Field[]) => fields.filter((f) => f.kind === "account" && f.source);

/**
 * The choices of the form's account fields: for each, the account `values` holds, then — when
 * `finds` names its search — the matches of the source's search.
 */
export async function accountChoices(
  api: Lms,
  fields: Field[],
  values: Record<string, unknown>,
  finds?: Record<string, string>,
): Promise<AccountChoices> {
  const out: AccountChoices = { options: {}, searches: {} };
  await Promise.all(
    accountFields(fields).map(async (f) => {
      const [path, query = ""] = f.source!.split("?");
      const chosen = String(values[f.name] ?? "");
      const find = finds?.[f.name];
      const [named, found] = await Promise.all([
        /^\d{1,9}$/.test(chosen)
          ? api.get<Paged<AccountAnswer>>(path, { query: { id_list: chosen, page_size: 1 } })
          : null,
        find === undefined
          ? null
          : api.get<Paged<AccountAnswer>>(path, {
              query: {
                ...Object.fromEntries(new URLSearchParams(query)),
                page_size: ACCOUNT_SEARCH_SIZE,
                ...(find ? { search: find } : {}),
              },
            }),
      ]);
      const seen = new Set<number>();
      out.options[f.name] = [...(named?.data.results ?? []), ...(found?.data.results ?? [])]
        .filter((a) => !seen.has(a.id) && seen.add(a.id))
        .map(optionOf);
      out.searches[f.name] = {
        find: find ?? "",
        more: (found?.data.count ?? 0) > ACCOUNT_SEARCH_SIZE,
        searched: find !== undefined,
      };
    }),
  );
  return out;
}

/**
 * intent find: search every account field of the form by its box, save nothing. Answers the form
 * as posted (conform's initial values, no errors: nothing was refused) and the fields' choices.
 */
export async function accountSearch(api: Lms, type: ContentType, config: ConfigDict, mode: FormMode, form: FormData) {
  const fields = visibleFields(type, config, mode);
  const hideFields = type.fields.filter((f) => f.kind === "password").map((f) => f.name);
  const { initialValue } = parseWithZod(form, { schema: schemaFor(type, config)[mode] }).reply({ hideFields });
  const accounts = accountFields(fields);
  const values = Object.fromEntries(accounts.map((f) => [f.name, form.get(f.name)]));
  const finds = Object.fromEntries(
    accounts.map((f) => [
      f.name,
      String(form.get(findBoxOf(f.name)) ?? "")
        .trim()
        .slice(0, 200),
    ]),
  );
  const result: SubmissionResult<string[]> = { initialValue };
  return { result, accounts: await accountChoices(api, fields, values, finds) };
}
