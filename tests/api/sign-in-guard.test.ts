import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./harness";

/**
 * The sign-in guard (docs/decisions/019), as an outsider meets it: limits keyed by the real
 * address and the parsed username, answers that say nothing of an account's existence or lock,
 * and a lockout that stays with the address that caused it.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const login = (address: string, username: string, password: string, on = api) =>
  on.client(address).post("/api/account/login/", { username, password });

async function setConfig(key: string, value: unknown) {
  await api.db.deleteFrom("config").where("key", "=", key).execute();
  await api.db
    .insertInto("config")
    .values({ key, value: JSON.stringify(value), url: null, datetime_update: api.clock.now.toISOString() })
    .execute();
}

describe("one attacker against everybody's sign-in", () => {
  // The production limits' shape: a few attempts a minute per name, more per address.
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({ loginLimits: { perAccountPerMinute: 10, perAddressPerMinute: 30 } });
  });
  afterAll(() => limited.close());

  it("cannot lock out other users, while the limits still bite on the attacker", async () => {
    // The administrator signed in from the office last week: that address is known.
    expect((await login("192.0.2.10", "admin", DEMO_PASSWORD, limited)).status).toBe(200);
    const attacker = limited.client("198.51.100.66");
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const username = i % 2 ? "admin" : `guess${i}`;
      statuses.push((await attacker.post("/api/account/login/", { username, password: `wrong-${i}` })).status);
    }
    // The address limit (30 a minute) stops the attacker…
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // …and everybody else signs in: other users from anywhere, the targeted admin from the office.
    expect((await login("203.0.113.7", "instructor", DEMO_PASSWORD, limited)).status).toBe(200);
    expect((await login("203.0.113.8", "manager", DEMO_PASSWORD, limited)).status).toBe(200);
    const admin = await login("192.0.2.10", "admin", DEMO_PASSWORD, limited);
    expect(admin.status).toBe(200);
    expect(admin.body.is_lock_login).toBeUndefined();
  });

  it("limits one account by the username in the body, not by one shared bucket", async () => {
    // Ten tries on one name from five addresses, two each (none of them held off by the guard)…
    for (let i = 0; i < 10; i++) {
      const c = limited.client(`198.51.100.${80 + Math.floor(i / 2)}`);
      expect(
        (await c.post("/api/account/login/", { username: i % 2 ? "Target" : "target", password: "x" })).status,
      ).not.toBe(429);
    }
    // …and the eleventh attempt on the same name (any address) is over the account limit…
    const other = limited.client("198.51.100.71");
    const over = await other.post("/api/account/login/", { username: "target", password: "x" });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ detail: "too_many_requests" });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // …and other names are not.
    expect((await other.post("/api/account/login/", { username: "someone-else", password: "x" })).status).toBe(400);
  });

  it("one guesser cannot spend the account's limit: its owner signs in from an address never used before", async () => {
    // The probe of issue 12: one address hammers a name with wrong passwords, past its lock and
    // past its delay, fast enough to fill any per-name bucket it counted in…
    const attacker = limited.client("198.51.100.90");
    const answers: number[] = [];
    for (let i = 0; i < 25; i++)
      answers.push(
        (await attacker.post("/api/account/login/", { username: "provider", password: `wrong-${i}` })).status,
      );
    // …the guard holds it off (the lock answer or "too many attempts"), and the limits bite on it…
    expect(answers.slice(-5).every((s) => s === 200 || s === 429)).toBe(true);
    const held = await attacker.post("/api/account/login/", { username: "provider", password: DEMO_PASSWORD });
    expect(held.body.username).toBeUndefined();
    // …while the owner, from a new device, gets in at once.
    const owner = await limited
      .client("203.0.113.99")
      .post("/api/account/login/", { username: "provider", password: DEMO_PASSWORD });
    expect(owner.status).toBe(200);
    expect(owner.body.is_lock_login).toBeUndefined();
  });

  it("takes the address from the dashboard only: a forged X-Forwarded-For is ignored", async () => {
    const forged = api.client();
    const res = await forged.post(
      "/api/account/login/",
      { username: "nobody-forged", password: "x" },
      { "x-forwarded-for": "10.9.9.9" },
    );
    expect(res.status).toBe(400);
    const row = await api.db
      .selectFrom("login_attempt")
      .select("ip")
      .where("username", "=", "nobody-forged")
      .executeTakeFirstOrThrow();
    expect(row.ip).not.toBe("10.9.9.9");
    // A wrong relay secret is no better than none.
    await forged.post(
      "/api/account/login/",
      { username: "nobody-forged2", password: "x" },
      { "x-forwarded-for": "10.9.9.9", "x-lms-relay": "guess" },
    );
    const row2 = await api.db
      .selectFrom("login_attempt")
      .select("ip")
      .where("username", "=", "nobody-forged2")
      .executeTakeFirstOrThrow();
    expect(row2.ip).not.toBe("10.9.9.9");
    // The dashboard's word is taken, and written into the attempt.
    await login("203.0.113.99", "nobody-relayed", "x");
    const row3 = await api.db
      .selectFrom("login_attempt")
      .select("ip")
      .where("username", "=", "nobody-relayed")
      .executeTakeFirstOrThrow();
    expect(row3.ip).toBe("203.0.113.99");
  });
});

describe("answers that tell an outsider nothing", () => {
  it("answers an unknown name exactly as a real one, wrong password or locked", async () => {
    const shape = async (username: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) {
        const res = await login("198.51.100.20", username, "wrong");
        out.push([
          res.status,
          Object.keys(res.body).sort().join(","),
          res.body.lock ? Object.keys(res.body.lock).sort().join(",") : "",
        ]);
      }
      return out;
    };
    const real = await shape("provider");
    const ghost = await shape("no-such-user");
    expect(ghost).toEqual(real);
    // Four refusals, then the lock answer (threshold 5), which a sixth try repeats.
    expect(real.map((r) => r[0])).toEqual([400, 400, 400, 400, 200, 200]);
    expect(real[4][1]).toBe("is_lock_login,lock");
  });

  it("takes as long for an unknown or locked name as for a wrong password", async () => {
    const time = async (username: string, address: string) => {
      const t0 = performance.now();
      await login(address, username, "wrong");
      return performance.now() - t0;
    };
    // provider is locked from 198.51.100.20 by the test above; admin is not.
    const samples = { wrong: [] as number[], unknown: [] as number[], locked: [] as number[] };
    for (let i = 0; i < 3; i++) {
      samples.wrong.push(await time("staff1", `198.51.100.${30 + i}`));
      samples.unknown.push(await time(`ghost-${i}`, `198.51.100.${40 + i}`));
      samples.locked.push(await time("provider", "198.51.100.20"));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
    // Each pays one password hash (~50 ms); without it a locked name answered in ~2 ms.
    const hash = median(samples.wrong);
    expect(hash).toBeGreaterThan(15);
    expect(median(samples.unknown)).toBeGreaterThan(hash * 0.5);
    expect(median(samples.locked)).toBeGreaterThan(hash * 0.5);
  });
});

describe("a lockout nobody can aim at the owner", () => {
  it("locks the name from the guessing address only; the owner elsewhere signs in", async () => {
    for (let i = 0; i < 5; i++) await login("198.51.100.50", "inspector", "wrong");
    expect((await login("198.51.100.50", "inspector", DEMO_PASSWORD)).body.is_lock_login).toBe(true);
    const owner = await login("203.0.113.50", "inspector", DEMO_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.is_lock_login).toBeUndefined();
  });

  it("slows guessing over many addresses, but not the owner at a known address", async () => {
    expect((await login("192.0.2.60", "staff2", DEMO_PASSWORD)).status).toBe(200);
    // Ten addresses, one wrong password each: the name's count over all addresses reaches 10.
    for (let i = 0; i < 10; i++) expect((await login(`198.51.100.${100 + i}`, "staff2", "wrong")).status).toBe(400);
    const stranger = await login("198.51.100.120", "staff2", "wrong");
    expect(stranger.status).toBe(429);
    expect(stranger.body.retry_after).toBe(1);
    // The delay doubles with each failure past it, and is over when it is over.
    api.advance(1_000);
    expect((await login("198.51.100.121", "staff2", "wrong")).status).toBe(400);
    expect((await login("198.51.100.122", "staff2", "wrong")).body.retry_after).toBe(2);
    // The owner, from where they signed in before, is not delayed at all.
    expect((await login("192.0.2.60", "staff2", DEMO_PASSWORD)).status).toBe(200);
  });

  it("without the lock, delays one address progressively instead", async () => {
    await setConfig("iden-account-lockout-threshold-display", false);
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await login("198.51.100.90", "sysadmin", "wrong")).status);
      expect(codes).toEqual([400, 400, 400, 429, 429]);
      api.advance(1_000);
      expect((await login("198.51.100.90", "sysadmin", "wrong")).status).toBe(400);
      expect((await login("198.51.100.90", "sysadmin", "wrong")).body.retry_after).toBe(2);
    } finally {
      await setConfig("iden-account-lockout-threshold-display", true);
    }
  });
});
