import type { FastifyInstance, FastifyRequest } from "fastify";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { resetPasswordSchema } from "../../contract/schemas/user";
import { hashPassword, verifyPassword } from "../auth/password";
import { applyNewPassword } from "../auth/password-change";
import { requirePermission } from "../auth/permissions";
import { fromFlag, toFlag } from "../db/index";
import { itemId, writeTransaction } from "../engine/crud";
import type { AccountRow, ApiContext } from "../http/context";
import { badRequest, forbidden, notFound, parseInput } from "../http/errors";
import { recordHistory } from "./account-history";
import { passwordRule } from "./config-store";
import { loadUser } from "./user-detail";
import { assertMayChange } from "./user-write";

/** Password hashes run a few at a time: each takes ~50 ms of a core (api/auth/password.ts). */
const HASH_BATCH = 4;
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += HASH_BATCH)
    out.push(...(await Promise.all(items.slice(i, i + HASH_BATCH).map(work))));
  return out;
}

/**
 * Activation and password resets by an administrator (spec 000 §2.11 /user, /user/reset-password;
 * docs/decisions/029), each recorded in the account history:
 * - POST dashboard/user/{id}/activate/ and …/deactivate/: deactivating ends every session of the
 *   account at once (its next call answers 401) and is refused for one's own account;
 * - POST dashboard/user/reset-password/ {id_list, new_password, confirm_password,
 *   is_force_reset_password}: the configured password rule, the confirmation, and a password
 *   unlike each account's current one; it ends their sessions (but the caller's own) and
 *   releases their sign-in locks, as a reset by the user does.
 */
export function userAccessRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const change = flag("account", "change");

  const setActive = (active: boolean) => async (req: FastifyRequest) => {
    const actor = await requirePermission(req, db, change);
    const id = itemId(req);
    if (!active && id === actor.id) throw badRequest({ detail: MSG.cannot_deactivate_self });
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      const target = await trx
        .selectFrom("account")
        .select(["id", "is_active", "is_superuser"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!target) throw notFound();
      assertMayChange(actor, target);
      if (fromFlag(target.is_active) === active) return; // already so: nothing to record
      // Activating is also how an administrator unlocks an account locked for inactivity: the lock
      // mark goes, and the activation counts as activity, else the next sign-in would lock it again
      // (docs/decisions/082).
      const unlock = active ? { datetime_locked: null, last_active: now.toISOString() } : {};
      await trx
        .updateTable("account")
        .set({ is_active: toFlag(active), datetime_update: now.toISOString(), ...unlock })
        .where("id", "=", id)
        .execute();
      if (!active) await trx.deleteFrom("session").where("account_id", "=", id).execute();
      await recordHistory(trx, {
        accountId: id,
        action: active ? "activate" : "deactivate",
        changes: { is_active: [!active, active] },
        by: actor.id,
        at: now,
      });
    });
    return loadUser(db, id, ctx.now());
  };
  app.post("/dashboard/user/:id(^\\d{1,12})/activate/", setActive(true));
  app.post("/dashboard/user/:id(^\\d{1,12})/deactivate/", setActive(false));

  app.post("/dashboard/user/reset-password/", async (req) => {
    const actor = await requirePermission(req, db, change);
    const input = parseInput(resetPasswordSchema(await passwordRule(db)), req.body);
    const targets = (await db
      .selectFrom("account")
      .selectAll()
      .where("id", "in", input.id_list)
      .execute()) as AccountRow[];
    if (targets.length !== input.id_list.length) throw badRequest({ id_list: [MSG.invalid_choice] });
    for (const t of targets) if (t.is_superuser === 1 && actor.is_superuser !== 1) throw forbidden();
    const same = await inBatches(targets, (t) => verifyPassword(input.new_password, t.password_hash));
    if (same.some(Boolean)) throw badRequest({ new_password: [MSG.password_must_differ] });
    // Each account its own salt: nothing tells from the hashes that they were reset together.
    const hashes = await inBatches(targets, () => hashPassword(input.new_password));
    const now = ctx.now();
    const at = now.toISOString();
    await writeTransaction(db, async (trx) => {
      for (const [i, t] of targets.entries()) {
        // As any password change (lock, references, sessions but the caller's own), and forces, or not, a change at sign-in.
        await applyNewPassword(trx, t, hashes[i], at, {
          keepSessionHash: t.id === actor.id ? req.sessionKeyHash : null,
          also: { is_force_reset_password: toFlag(input.is_force_reset_password), datetime_update: at },
        });
        const force = fromFlag(t.is_force_reset_password);
        await recordHistory(trx, {
          accountId: t.id,
          action: "reset_password",
          changes:
            force === input.is_force_reset_password
              ? {}
              : { is_force_reset_password: [force, input.is_force_reset_password] },
          by: actor.id,
          at: now,
        });
      }
    });
    return { id_list: input.id_list, count: targets.length };
  });
}
