import type { Trx } from "../engine/crud";
import { loginGuard } from "./login-guard";

/**
 * What every change of an account's password does besides storing the new hash, whoever makes
 * it (the user by a reset link, an administrator for many accounts): it releases the sign-in lock
 * (spec 002 §8), closes the reset references made for the old password, ends the account's
 * sessions — except `keepSessionHash`, the administrator's own when they reset themselves — and
 * forgets failed attempts under its username and email from every address. `also`: more columns
 * the same update sets (the forced-change flag).
 */
export async function applyNewPassword(
  trx: Trx,
  account: { id: number; username: string; email: string },
  passwordHash: string,
  at: string,
  opts: { keepSessionHash?: string | null; also?: { is_force_reset_password?: number; datetime_update?: string } } = {},
) {
  await trx
    .updateTable("account")
    .set({
      password_hash: passwordHash,
      datetime_password_change: at,
      failed_login_count: 0,
      datetime_locked: null,
      ...opts.also,
    })
    .where("id", "=", account.id)
    .execute();
  await trx
    .updateTable("password_reset")
    .set({ datetime_used: at })
    .where("account_id", "=", account.id)
    .where("datetime_used", "is", null)
    .execute();
  let sessions = trx.deleteFrom("session").where("account_id", "=", account.id);
  if (opts.keepSessionHash) sessions = sessions.where("key_hash", "<>", opts.keepSessionHash);
  await sessions.execute();
  await loginGuard(trx).forget([account.username, account.email]);
}
