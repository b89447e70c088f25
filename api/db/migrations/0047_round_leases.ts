import { sql, type Kysely, type Migration } from "kysely";

/**
 * Issue 35 §3 (docs/decisions/089): an auto-assignment round is claimed with a lease, not a flag.
 * `lease_holder` names the claim (its process and a token of that claim) and `lease_until` when it
 * lapses unless renewed; a running round whose lease has lapsed is taken up by the next scheduler
 * tick of any process. The index serves that tick's question ("running, lease lapsed").
 *
 * Rounds running when this migrates were claimed with the old flag: an older process may still be
 * writing one (a rolling restart), or it died long ago. Each gets a lease of five minutes from now
 * — past any round's run (decision 061: under 30 s), so a live one finishes alone, and a dead one
 * is resumed five minutes after the upgrade.
 */
const BEFORE_LEASES_MS = 5 * 60_000;

export const roundLeases: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable("assignment_round").addColumn("lease_holder", "text").execute();
    await s.alterTable("assignment_round").addColumn("lease_until", "text").execute();
    await s
      .createIndex("assignment_round_lease_idx")
      .on("assignment_round")
      .columns(["status", "lease_until"])
      .execute();
    const until = new Date(Date.now() + BEFORE_LEASES_MS).toISOString();
    await sql`update assignment_round set lease_holder = 'before-0047', lease_until = ${until} where status = 1`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    const s = db.schema;
    await s.dropIndex("assignment_round_lease_idx").execute();
    await s.alterTable("assignment_round").dropColumn("lease_until").execute();
    await s.alterTable("assignment_round").dropColumn("lease_holder").execute();
  },
};
