import { TERM_KINDS, type TermKind } from "../../contract/codes";
import type { Profile } from "../../contract/schemas/account";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";

/** Whether the account has accepted the latest published version of each terms document. */
export async function acceptedTerms(db: Db, accountId: number): Promise<Record<TermKind, boolean>> {
  const out = {} as Record<TermKind, boolean>;
  for (const kind of TERM_KINDS) {
    const latest = await db
      .selectFrom("term_document")
      .select("id")
      .where("kind", "=", kind)
      .where("is_publish", "=", 1)
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!latest) {
      out[kind] = true; // nothing published: nothing to accept
      continue;
    }
    const accepted = await db
      .selectFrom("term_acceptance")
      .select("term_document_id")
      .where("account_id", "=", accountId)
      .where("term_document_id", "=", latest.id)
      .executeTakeFirst();
    out[kind] = !!accepted;
  }
  return out;
}

/**
 * The signed-in user record exactly as spec 000 §3 lists it. `loginAs`: the session is an
 * administrator acting as `a` until then (docs/decisions/033).
 */
export async function profileOf(db: Db, a: AccountRow, loginAs?: { datetime_expire: string } | null): Promise<Profile> {
  const [department, position, terms] = await Promise.all([
    a.department_id
      ? db.selectFrom("department").select(["id", "name"]).where("id", "=", a.department_id).executeTakeFirst()
      : null,
    a.position_id
      ? db.selectFrom("position").select(["id", "name"]).where("id", "=", a.position_id).executeTakeFirst()
      : null,
    acceptedTerms(db, a.id),
  ]);
  return {
    id: a.id,
    language: a.language,
    first_name: a.first_name,
    last_name: a.last_name,
    department: department ?? null,
    position: position ?? null,
    email: a.email,
    last_active: a.last_active,
    image: a.image,
    datetime_login_as_expire: loginAs?.datetime_expire ?? null,
    is_dashboard_permission: a.is_dashboard_permission === 1,
    is_store_permission: a.is_store_permission === 1,
    is_verified_email: a.is_verified_email === 1,
    is_superuser: a.is_superuser === 1,
    is_accepted_privacy: terms.privacy,
    is_accepted_term: terms.terms,
    is_accepted_data_consent: terms.data_consent,
    is_system_user: a.is_system_user === 1,
    is_login_as: !!loginAs,
  };
}
