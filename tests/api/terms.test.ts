import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PATHS = { privacy: "/api/term/privacy/", terms: "/api/term/", data_consent: "/api/term/data-consent/" } as const;

async function docId(kind: string, version = 1) {
  const row = await api.db
    .selectFrom("term_document")
    .select("id")
    .where("kind", "=", kind)
    .where("version", "=", version)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function acceptanceCount() {
  const row = await api.db
    .selectFrom("term_acceptance")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function addVersion(kind: string, version: number, isPublish: boolean) {
  const at = api.clock.now.toISOString();
  const row = await api.db
    .insertInto("term_document")
    .values({
      kind,
      topic: `${kind} v${version}`,
      body: `Body of ${kind} v${version}`,
      version,
      is_publish: isPublish ? 1 : 0,
      datetime_publish: isPublish ? at : null,
      datetime_create: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("terms documents: reading", () => {
  it("lists each kind's published document as the paged answer, anonymously too", async () => {
    const c = api.client();
    for (const [kind, path] of Object.entries(PATHS)) {
      const res = await c.get(`${path}?format=json`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 1, page_size: 50, next: null, page: 1 });
      expect(res.body.results).toHaveLength(1);
      const doc = res.body.results[0];
      expect(Object.keys(doc).sort()).toEqual([
        "body",
        "datetime_publish",
        "id",
        "is_accepted",
        "is_publish",
        "kind",
        "topic",
        "version",
      ]);
      expect(doc).toMatchObject({ id: await docId(kind), kind, version: 1, is_publish: true, is_accepted: false });
      expect(doc.topic).toEqual(expect.any(String));
    }
  });

  it("answers one published document by id, on its own kind's path only", async () => {
    const c = api.client();
    const id = await docId("privacy");
    const res = await c.get(`/api/term/privacy/${id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, kind: "privacy", is_publish: true, is_accepted: false });
    expect((await c.get(`/api/term/${id}/`)).status).toBe(404);
    expect((await c.get(`/api/term/data-consent/${id}/`)).status).toBe(404);
    const terms = await docId("terms");
    expect((await c.get(`/api/term/${terms}`)).body).toMatchObject({ id: terms, kind: "terms" });
  });

  it("answers 404 for an unknown, unpublished or absurd id, and for a non-numeric one", async () => {
    const c = api.client();
    const draft = await addVersion("terms", 9, false);
    for (const url of [
      `/api/term/${draft}/`,
      "/api/term/999999/",
      "/api/term/99999999999999/",
      "/api/term/privacy/0/",
    ]) {
      const res = await c.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ detail: "term_not_found" });
    }
    expect((await c.get("/api/term/abc/")).status).toBe(404);
    // The draft never shows in the list either.
    expect((await c.get(PATHS.terms)).body.results.map((d: { id: number }) => d.id)).not.toContain(draft);
    await api.db.deleteFrom("term_document").where("id", "=", draft).execute();
  });

  it("answers 404 not_found when nothing of that kind is published, and past the last page", async () => {
    const c = api.client();
    await api.db.updateTable("term_document").set({ is_publish: 0 }).where("kind", "=", "data_consent").execute();
    try {
      const res = await c.get(PATHS.data_consent);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "not_found" });
    } finally {
      await api.db.updateTable("term_document").set({ is_publish: 1 }).where("kind", "=", "data_consent").execute();
    }
    expect((await c.get(`${PATHS.data_consent}?page=2`)).status).toBe(404);
  });

  it("refuses bad paging input with field errors", async () => {
    const res = await api.client().get(`${PATHS.privacy}?page=abc`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["page"]);
  });
});

describe("terms documents: accepting", () => {
  it("needs a session (401) and writes nothing", async () => {
    const before = await acceptanceCount();
    const res = await api.client().post(`/api/term/privacy/${await docId("privacy")}/accept/`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "not_authenticated" });
    expect(await acceptanceCount()).toBe(before);
  });

  it("records the acceptance once, shows it in the list and flips the profile flags", async () => {
    const c = api.client();
    await c.login("learner");
    const profile = await c.get("/api/account/profile/");
    expect(profile.body).toMatchObject({
      is_accepted_privacy: false,
      is_accepted_term: false,
      is_accepted_data_consent: false,
    });

    const flags = {
      privacy: "is_accepted_privacy",
      terms: "is_accepted_term",
      data_consent: "is_accepted_data_consent",
    } as const;
    for (const [kind, path] of Object.entries(PATHS) as [keyof typeof PATHS, string][]) {
      const id = await docId(kind);
      const before = await acceptanceCount();
      const res = await c.post(`${path}${id}/accept/`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ is_accepted: true });
      expect(await acceptanceCount()).toBe(before + 1);
      // Idempotent: accepting again answers the same and writes nothing more.
      expect((await c.post(`${path}${id}/accept/`)).body).toEqual({ is_accepted: true });
      expect(await acceptanceCount()).toBe(before + 1);
      expect((await c.get("/api/account/profile/")).body[flags[kind]]).toBe(true);
      expect((await c.get(path)).body.results[0].is_accepted).toBe(true);
      expect((await c.get(`${path}${id}/`)).body.is_accepted).toBe(true);
    }
    // Somebody else's acceptance is not mine; anonymous readers see false.
    const other = api.client();
    await other.login("manager");
    expect((await other.get(PATHS.privacy)).body.results[0].is_accepted).toBe(false);
    expect((await api.client().get(PATHS.privacy)).body.results[0].is_accepted).toBe(false);
  });

  it("accepts only the latest published version: an older one answers 400 term_version_outdated", async () => {
    const c = api.client();
    await c.login("instructor");
    const v1 = await docId("privacy");
    const v2 = await addVersion("privacy", 2, true);
    const v3 = await addVersion("privacy", 3, false); // a draft does not make v2 outdated

    const list = await c.get(PATHS.privacy);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((d: { id: number }) => d.id)).toEqual([v2, v1]);

    const before = await acceptanceCount();
    const old = await c.post(`/api/term/privacy/${v1}/accept/`);
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ detail: "term_version_outdated" });
    const draft = await c.post(`/api/term/privacy/${v3}/accept/`);
    expect(draft.status).toBe(404);
    expect(await acceptanceCount()).toBe(before);

    expect((await c.post(`/api/term/privacy/${v2}/accept/`)).status).toBe(200);
    expect((await c.get("/api/account/profile/")).body.is_accepted_privacy).toBe(true);

    // The learner accepted v1 earlier: a newer published version asks again.
    const learner = api.client();
    await learner.login("learner");
    expect((await learner.get("/api/account/profile/")).body.is_accepted_privacy).toBe(false);
    const page = await learner.get(`${PATHS.privacy}?page_size=1`);
    expect(page.body).toMatchObject({ count: 2, page_size: 1, page: 1, next: "/api/term/privacy/?page_size=1&page=2" });
    expect(page.body.results[0]).toMatchObject({ id: v2, is_accepted: false });
    const second = await learner.get(page.body.next);
    expect(second.body.results[0]).toMatchObject({ id: v1, is_accepted: true });
    expect((await learner.get(`${PATHS.privacy}?page_size=1&page=3`)).status).toBe(404);
  });

  it("answers 404 when accepting an unknown document or another kind's", async () => {
    const c = api.client();
    await c.login("manager");
    expect((await c.post("/api/term/privacy/999999/accept/")).status).toBe(404);
    expect((await c.post(`/api/term/data-consent/${await docId("terms")}/accept/`)).status).toBe(404);
  });

  it("refuses an accept without the CSRF header", async () => {
    const c = api.client();
    await c.login("manager");
    const res = await c.post(`/api/term/${await docId("terms")}/accept/`, undefined, { "x-csrftoken": "forged" });
    expect(res.status).toBe(403);
  });
});
