import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countHit, pruneEndedWindows } from "../../api/http/rate-limit";
import { FORGOT_PER_ADDRESS_PER_MINUTE } from "../../api/system/forgot-password";
import { SSO_PER_ADDRESS_PER_MINUTE } from "../../api/system/sso";
import { startTestApi, type TestApi } from "./harness";

/**
 * Rate limits counted in the database (issue 35 item 2, docs/decisions/090): two API instances
 * over ONE database — each with a connection of its own, as two processes would be — enforce ONE
 * limit. Attempts spread over both are refused at the limit's first excess, whichever instance
 * gets it; before, each process counted its own and let the limit through twice.
 */
type Sibling = Awaited<ReturnType<TestApi["sibling"]>>;
const PER_ADDRESS = 6;
const PER_ACCOUNT = 4;

let one: TestApi;
let two: Sibling;
beforeAll(async () => {
  one = await startTestApi({ loginLimits: { perAccountPerMinute: PER_ACCOUNT, perAddressPerMinute: PER_ADDRESS } });
  two = await one.sibling();
});
afterAll(() => one?.close());

/** The i-th instance of the two, alternating. */
const either = (i: number) => (i % 2 ? two : one);
const hitsOf = async (key: string) =>
  (await one.db.selectFrom("rate_limit_counter").select("hits").where("key", "=", key).executeTakeFirst())?.hits;

describe("two API instances share one limit", () => {
  it("sign-in per address: LIMIT attempts over both, the next refused on either", async () => {
    const address = "198.51.100.11";
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await either(i)
        .client(address)
        .post("/api/account/login/", { username: `nobody-${i}`, password: "wrong" });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    for (const api of [one, two]) {
      const over = await api
        .client(address)
        .post("/api/account/login/", { username: "nobody-over", password: "wrong" });
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ detail: "too_many_requests" });
      expect(over.body.retry_after).toBeGreaterThan(0);
      expect(Number(over.headers["retry-after"])).toBe(over.body.retry_after);
    }
    expect(await hitsOf(`sign-in:address|${address}`)).toBe(PER_ADDRESS + 2);
    // Another address has its own count.
    expect(
      (await two.client("198.51.100.12").post("/api/account/login/", { username: "nobody-0", password: "wrong" }))
        .status,
    ).toBe(400);
  });

  it("sign-in per account: the name's attempts from many addresses over both, the next refused", async () => {
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await either(i)
        .client(`198.51.100.${20 + i}`)
        .post("/api/dashboard/account/login/", { username: i % 2 ? "Shared-Target" : "shared-target", password: "x" });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const over = await two
      .client("198.51.100.29")
      .post("/api/account/login/", { username: "shared-target", password: "x" });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ detail: "too_many_requests" });
    expect(
      (await one.client("198.51.100.29").post("/api/account/login/", { username: "shared-other", password: "x" }))
        .status,
    ).toBe(400);
  });

  it("forgot password: each step per address, over both", async () => {
    const address = "198.51.100.40";
    for (let i = 0; i < FORGOT_PER_ADDRESS_PER_MINUTE; i++) {
      expect(
        (await either(i).client(address).post("/api/account/forgot-password/identify/", { username_or_email: "ghost" }))
          .status,
      ).toBe(400);
    }
    const over = await one
      .client(address)
      .post("/api/account/forgot-password/identify/", { username_or_email: "ghost" });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ detail: "too_many_requests" });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.headers["x-ratelimit-remaining"]).toBe("0");
    // The next step counts apart, as it always did.
    const send = await two
      .client(address)
      .post("/api/account/forgot-password/send/", { reference_id: "no-such-reference", send_method: 0 });
    expect(send.status).toBe(400);
  });

  it("SSO validation per address, over both", async () => {
    const address = "198.51.100.50";
    for (let i = 0; i < SSO_PER_ADDRESS_PER_MINUTE; i++) {
      expect(
        (
          await either(i)
            .client(address)
            .post("/api/account/sso/validate/", { token: `bogus-${i}` })
        ).status,
      ).toBe(400);
    }
    const over = await two.client(address).post("/api/account/sso/validate/", { token: "bogus" });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ detail: "too_many_requests" });
  });

  it("counts every hit of a burst sent to both at once: exactly LIMIT get through", async () => {
    const address = "198.51.100.60";
    const burst = await Promise.all(
      Array.from({ length: 2 * FORGOT_PER_ADDRESS_PER_MINUTE }, (_, i) =>
        either(i).client(address).post("/api/account/forgot-password/identify/", { username_or_email: "ghost" }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(FORGOT_PER_ADDRESS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(FORGOT_PER_ADDRESS_PER_MINUTE);
    expect(await hitsOf(`forgot-password:identify|${address}`)).toBe(2 * FORGOT_PER_ADDRESS_PER_MINUTE);
  });
});

describe("the sign-in guard over two instances", () => {
  // The production-like limits stay out of the way here: this is the lock and delay's own count.
  let a: TestApi;
  let b: Sibling;
  beforeAll(async () => {
    a = await startTestApi();
    b = await a.sibling();
  });
  afterAll(() => a?.close());

  it("locks a name from an address after the threshold's failures, spread over both", async () => {
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        await (i % 2 ? b : a)
          .client("198.51.100.70")
          .post("/api/account/login/", { username: "provider", password: `wrong-${i}` }),
      );
    expect(answers.slice(0, 4).map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(answers[4].body).toMatchObject({ is_lock_login: true, lock: { count_attempt: 5, max_attempt: 5 } });
    // The other instance holds the lock too, right password or not.
    const right = await b
      .client("198.51.100.70")
      .post("/api/account/login/", { username: "provider", password: "Demo-Pass1!" });
    expect(right.body.is_lock_login).toBe(true);
  });

  it("loses no failure sent to both at once", async () => {
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? b : a)
          .client(`198.51.100.${80 + i}`)
          .post("/api/account/login/", { username: "race-target", password: "wrong" }),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(400));
    const wide = await a.db
      .selectFrom("login_guard")
      .select("failures")
      .where("identifier", "=", "race-target")
      .where("scope", "=", "*")
      .executeTakeFirstOrThrow();
    expect(Number(wide.failures)).toBe(8);
  });
});

describe("a counter's window", () => {
  it("opens at the first hit, restarts after it ends, and ended ones are pruned", async () => {
    const t0 = Date.parse("2026-06-01T08:00:00.000Z");
    const key = "test|window";
    expect(await countHit(one.db, key, 60_000, t0)).toEqual({ hits: 1, resetS: 60 });
    expect(await countHit(two.db, key, 60_000, t0 + 59_500)).toEqual({ hits: 2, resetS: 1 });
    // The window ended: the next hit opens a new one, counting from 1.
    expect(await countHit(one.db, key, 60_000, t0 + 60_000)).toEqual({ hits: 1, resetS: 60 });
    await pruneEndedWindows(one.db, t0 + 119_999);
    expect(await hitsOf(key)).toBe(1);
    await pruneEndedWindows(one.db, t0 + 120_000);
    expect(await hitsOf(key)).toBeUndefined();
  });
});
