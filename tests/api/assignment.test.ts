import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNMENT_RESULT as R } from "../../contract/assignment-codes";
import { changeCredit } from "../../api/credit/credit";
import { sql } from "kysely";
import { contentTypeId } from "../../api/content/ref";
import { accessLevel } from "../../api/content/features/access/visibility";
import { REGISTRY_TYPES } from "../../app/registry/types.js";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Assignment (issue 17 §1; spec 001 §4 "Assignment", spec 002 §7; docs/decisions/051): the calls
 * of the spec, each result code's cause, replace and credit, a schedule conflict, expiry rules,
 * manual progress only among 22, 30 and -5, and the flags; learning paths and onboarding plans
 * assigned as a course is (issue 36 §5).
 */
let api: TestApi;
let admin: Client;
const A = "/api/dashboard/assignment";
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signedIn("admin");
});
afterAll(() => api.close());

const at = () => api.clock.now.toISOString();
/** `n` active students no assignment has named yet, without credit. */
async function freshLearners(n: number, offset = 0): Promise<number[]> {
  const rows = await api.db
    .selectFrom("account as a")
    .select("a.id")
    .where("a.is_active", "=", 1)
    .where("a.username", "like", "student%")
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("assignment_result as r").select("r.id").whereRef("r.account_id", "=", "a.id"))),
    )
    // Without credit of their own (the seed tops some students up): each test gives what it needs.
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom("account_credit as c").select("c.account_id").whereRef("c.account_id", "=", "a.id")),
      ),
    )
    .orderBy("a.id")
    .offset(offset)
    .limit(n)
    .execute();
  return rows.map((r) => r.id);
}
async function topUp(id: number, amount: number) {
  await api.db
    .transaction()
    .execute((trx) =>
      changeCredit(trx, { accountId: id, amount, reason: "top_up", ref: null }, { accountId: null, at: at() }),
    );
}
const balance = async (id: number) =>
  (await api.db.selectFrom("account_credit").select("balance_minor").where("account_id", "=", id).executeTakeFirst())
    ?.balance_minor ?? 0;
async function newCourse(): Promise<{ id: number; typeId: number }> {
  const seed = await api.db.selectFrom("course").selectAll().orderBy("id").executeTakeFirstOrThrow();
  const code = `ASG${Math.floor(Math.random() * 1e6)}`;
  const row = await api.db
    .insertInto("course")
    .values({
      name: `Assign ${code}`,
      code,
      category_id: seed.category_id,
      provider_id: seed.provider_id,
      content_level: null,
      program: null,
      is_environmental: 0,
      desc: "",
      is_display: 1,
      datetime_start: null,
      datetime_first_publish: at(),
      datetime_create: at(),
      datetime_update: at(),
      created_by: null,
      image: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, typeId: await contentTypeId(api.db, "course") };
}
const price = (typeId: number, id: number, minor: number) =>
  api.db
    .insertInto("content_budget")
    .values({
      content_type_id: typeId,
      content_id: id,
      price_minor: minor,
      price_discount_minor: null,
      price_app_store_minor: null,
      price_android_minor: null,
    })
    .execute();

/** A new assignment with `settings`, contents and learners; answers its id. */
async function assignment(
  settings: Record<string, unknown>,
  contents: { typeId: number; id: number }[],
  accounts: number[],
  extra: Record<string, unknown> = {},
) {
  const res = await admin.post(`${A}/`, { type: 0, name: "Test assignment", ...settings });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as number;
  for (const c of contents)
    expect((await admin.post(`${A}/${id}/content/`, { content_type_id: c.typeId, content_list: [c.id] })).status).toBe(
      201,
    );
  expect((await admin.put(`${A}/${id}/audience/`, { account_list: accounts, ...extra })).status).toBe(200);
  return id;
}
const resultsOf = async (id: number) => {
  const res = await admin.get(`${A}/${id}/learner/?page_size=500`);
  expect(res.status).toBe(200);
  return new Map(
    (res.body.results as { account: { id: number }; result: number }[]).map((r) => [r.account.id, r.result]),
  );
};

describe("assignment calls (spec 002 §7)", () => {
  it("creates with type (answering its id), adds contents with content_type_id and content_list", async () => {
    const course = await newCourse();
    const res = await admin.post(`${A}/`, { type: 0, name: "Onboarding" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), type: 0, status: 0, type_expire: 0 });
    const add = await admin.post(`${A}/${res.body.id}/content/`, {
      content_type_id: course.typeId,
      content_list: [course.id],
    });
    expect(add.status).toBe(201);
    expect(add.body).toEqual([
      expect.objectContaining({ content_type_id: course.typeId, content_id: course.id, content_type: "course" }),
    ]);
    expect((await admin.post(`${A}/`, { type: 2, name: "x" })).body).toEqual({ type: ["invalid_choice"] });
    expect(
      (await admin.post(`${A}/${res.body.id}/content/`, { content_type_id: course.typeId, content_list: [999999] }))
        .status,
    ).toBe(400);
  });

  it("refuses an expiry not after the assignment date, on its field, and writes nothing", async () => {
    const before = await api.db
      .selectFrom("assignment")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await admin.post(`${A}/`, {
      name: "Late",
      datetime_assign: "2026-07-01",
      type_expire: 1,
      datetime_expire: "2026-06-30",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ datetime_expire: ["asg_err_expire_before_assign"] });
    expect((await admin.post(`${A}/`, { name: "No date", type_expire: 1 })).body).toEqual({
      datetime_expire: ["asg_err_date_required"],
    });
    const after = await api.db
      .selectFrom("assignment")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const ok = await admin.post(`${A}/`, {
      name: "Ok",
      datetime_assign: "2026-06-01",
      type_expire: 1,
      datetime_expire: "2026-07-01",
    });
    expect((await admin.patch(`${A}/${ok.body.id}/`, { datetime_expire: "2026-05-01" })).body).toEqual({
      datetime_expire: ["asg_err_expire_before_assign"],
    });
  });

  it("is refused without the flags (viewer), and to a learner", async () => {
    const viewer = await api.signedIn("viewer");
    expect((await viewer.get(`${A}/`)).status).toBe(403);
    expect((await viewer.post(`${A}/`, { name: "x" })).status).toBe(403);
    const manager = await api.signedIn("manager");
    expect((await manager.get(`${A}/`)).status).toBe(200);
    expect((await manager.delete(`${A}/1/`)).status).toBe(403);
  });
});

describe("results (spec 001 §4)", () => {
  it("assigns (1) with credit, refuses not enough credit (7), leaves the enrolled alone (2), names an inactive account (15)", async () => {
    const course = await newCourse();
    await price(course.typeId, course.id, 10_000);
    const [rich, poor, enrolled, inactive] = await freshLearners(4);
    await topUp(rich, 25_000);
    await topUp(enrolled, 25_000);
    await api.db.updateTable("account").set({ is_active: 0 }).where("id", "=", inactive).execute();
    await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: enrolled,
        content_type_id: course.typeId,
        content_id: course.id,
        status: 21,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: at(),
        datetime_start: at(),
        datetime_complete: null,
        datetime_update: at(),
      })
      .execute();
    const id = await assignment(
      { type_expire: 2, duration_expire: 30, datetime_assign: "2026-06-01" },
      [course],
      [rich, poor, enrolled],
    );
    await api.db
      .insertInto("assignment_audience")
      .values({ assignment_id: id, kind: "account", ref_id: inactive })
      .execute();
    const preview = await admin.get(`${A}/${id}/preview/`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      count_learner: 4,
      add: 1,
      skip: 3,
      content_period_doing: { type_expire: 2, duration_expire: 30 },
    });
    expect(
      await api.db
        .selectFrom("content_enrollment")
        .select("id")
        .where("account_id", "=", rich)
        .where("content_id", "=", course.id)
        .where("content_type_id", "=", course.typeId)
        .executeTakeFirst(),
    ).toBeUndefined();
    const res = await admin.post(`${A}/${id}/assign/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = await resultsOf(id);
    expect(results.get(rich)).toBe(R.assigned);
    expect(results.get(poor)).toBe(R.not_enough_credit);
    expect(results.get(enrolled)).toBe(R.no_action);
    expect(results.get(inactive)).toBe(R.account_inactive);
    expect(await balance(rich)).toBe(15_000);
    const e = await api.db
      .selectFrom("content_enrollment")
      .selectAll()
      .where("account_id", "=", rich)
      .where("content_id", "=", course.id)
      .where("content_type_id", "=", course.typeId)
      .executeTakeFirstOrThrow();
    expect(e).toMatchObject({ status: 0, add_method: 1, added_by: 1 });
    const row = await api.db
      .selectFrom("assignment_result")
      .selectAll()
      .where("assignment_id", "=", id)
      .where("account_id", "=", rich)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ credit_minor: 10_000, datetime_expire: "2026-07-01", enrollment_id: e.id });
    // Assigned again as it is: nobody twice (20), no credit spent.
    await admin.post(`${A}/${id}/assign/`);
    expect((await resultsOf(id)).get(rich)).toBe(R.duplicate_no_action);
    expect(await balance(rich)).toBe(15_000);
  });

  it("a replace resets progress and deducts credit again (3, then 22)", async () => {
    const course = await newCourse();
    await price(course.typeId, course.id, 5_000);
    const [learner] = await freshLearners(1);
    await topUp(learner, 20_000);
    await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: learner,
        content_type_id: course.typeId,
        content_id: course.id,
        status: 30,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: at(),
        datetime_start: at(),
        datetime_complete: at(),
        datetime_update: at(),
      })
      .execute();
    const id = await assignment({ type_action: 1 }, [course], [learner]);
    await admin.post(`${A}/${id}/assign/`);
    expect((await resultsOf(id)).get(learner)).toBe(R.replaced);
    const e = await api.db
      .selectFrom("content_enrollment")
      .selectAll()
      .where("account_id", "=", learner)
      .where("content_id", "=", course.id)
      .where("content_type_id", "=", course.typeId)
      .executeTakeFirstOrThrow();
    expect(e).toMatchObject({ status: 0, datetime_complete: null, datetime_start: null, add_method: 1 });
    expect(await balance(learner)).toBe(15_000);
    await admin.post(`${A}/${id}/assign/`);
    expect((await resultsOf(id)).get(learner)).toBe(R.duplicate_replaced);
    expect(await balance(learner)).toBe(10_000);
    const spent = await api.db
      .selectFrom("credit_transaction")
      .select("reason")
      .where("account_id", "=", learner)
      .where("amount_minor", "<", 0)
      .execute();
    expect(spent.map((s) => s.reason)).toEqual(["assignment_replace", "assignment_replace"]);
  });

  it("extends (4, 23) or refuses to (25), and leaves the completed alone (14)", async () => {
    const course = await newCourse();
    const [doing, done, fresh] = await freshLearners(3);
    for (const [acc, status] of [
      [doing, 21],
      [done, 30],
    ] as const) {
      await api.db
        .insertInto("content_enrollment")
        .values({
          account_id: acc,
          content_type_id: course.typeId,
          content_id: course.id,
          status,
          add_method: 0,
          added_by: 0,
          created_by: null,
          datetime_enroll: at(),
          datetime_start: at(),
          datetime_complete: status === 30 ? at() : null,
          datetime_update: at(),
        })
        .execute();
    }
    const id = await assignment(
      { type_action: 2, type_expand: 1, datetime_expand: "2026-09-01", datetime_assign: "2026-06-01" },
      [course],
      [doing, done, fresh],
    );
    await admin.post(`${A}/${id}/assign/`);
    let results = await resultsOf(id);
    expect([results.get(doing), results.get(done), results.get(fresh)]).toEqual([
      R.expanded,
      R.expanded_not_allowed,
      R.assigned,
    ]);
    await admin.post(`${A}/${id}/assign/`);
    results = await resultsOf(id);
    expect(results.get(doing)).toBe(R.duplicate_expanded_date);
    const plain = await assignment({}, [course], [done]);
    await admin.post(`${A}/${plain}/assign/`);
    expect((await resultsOf(plain)).get(done)).toBe(R.completed_no_action);
  });

  it("refuses a learner the content hides (5), a cancelled class (13), a schedule conflict (12), a full class (11, 10)", async () => {
    const course = await newCourse();
    expect((await admin.post(`/api/dashboard/course/${course.id}/permission/`, { mode: 2 })).status).toBe(201);
    const classes = await api.db
      .selectFrom("class")
      .select(["id"])
      .where("datetime_cancel", "is", null)
      .orderBy("id")
      .limit(3)
      .execute();
    const classType = await contentTypeId(api.db, "class");
    const [a, b, c] = classes.map((x) => x.id);
    await api.db.deleteFrom("class_session").where("class_id", "in", [a, b]).execute();
    const session = (classId: number, start: string, end: string) => ({
      class_id: classId,
      name: "S",
      desc: "",
      type: 0,
      date: start.slice(0, 10),
      start_time: "09:00",
      end_time: "12:00",
      datetime_start: start,
      datetime_end: end,
      location_id: null,
      room_id: null,
      capacity: 0,
      is_display: 1,
      is_playback: 0,
      url: "",
      datetime_create: at(),
      datetime_update: at(),
    });
    await api.db
      .insertInto("class_session")
      .values([
        session(a, "2026-08-01T02:00:00.000Z", "2026-08-01T05:00:00.000Z"),
        session(b, "2026-08-01T04:00:00.000Z", "2026-08-01T07:00:00.000Z"),
      ])
      .execute();
    const [l1, l2, l3] = await freshLearners(3);
    await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: l1,
        content_type_id: classType,
        content_id: a,
        status: 0,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: at(),
        datetime_start: null,
        datetime_complete: null,
        datetime_update: at(),
      })
      .execute();
    await api.db
      .deleteFrom("content_budget")
      .where("content_type_id", "=", classType)
      .where("content_id", "in", [b, c])
      .execute();
    await api.db
      .updateTable("class")
      .set({ datetime_cancel: at() } as never)
      .where("id", "=", c)
      .execute();
    const id = await assignment({}, [course, { typeId: classType, id: b }, { typeId: classType, id: c }], [l1, l2]);
    await admin.post(`${A}/${id}/assign/`);
    const rows = (await admin.get(`${A}/${id}/learner/?page_size=50`)).body.results as {
      account: { id: number };
      content: { content_id: number; content_type_id: number };
      result: number;
    }[];
    const of = (acc: number, typeId: number, cid: number) =>
      rows.find((r) => r.account.id === acc && r.content.content_id === cid && r.content.content_type_id === typeId)
        ?.result;
    expect(of(l1, course.typeId, course.id)).toBe(R.no_permission);
    expect(of(l1, classType, b)).toBe(R.schedule_conflict);
    expect(of(l2, classType, b)).toBe(R.assigned);
    expect(of(l1, classType, c)).toBe(R.content_unavailable);
    // Capacity 1, taken by l2: closed → full (11); a waiting list → 10.
    await api.db
      .deleteFrom("content_enrollment_setting")
      .where("content_type_id", "=", classType)
      .where("content_id", "=", b)
      .execute();
    await api.db
      .insertInto("content_enrollment_setting")
      .values({
        content_type_id: classType,
        content_id: b,
        form_id: null,
        capacity: 1,
        is_overlap_time: 0,
        is_session_reserved: 0,
        is_session_enrollment: 0,
        minimum_session_enrollment: 0,
        maximum_session_enrollment: 10,
        type_access: 1,
        enrollment_required: 0,
        type_waiting: 1,
        enroll_datetime_start: null,
        enroll_datetime_end: null,
        cancel_type: 0,
        cancel_duration: null,
        datetime_update: at(),
      } as never)
      .execute();
    const full = await assignment({}, [{ typeId: classType, id: b }], [l3]);
    await admin.post(`${A}/${full}/assign/`);
    expect((await resultsOf(full)).get(l3)).toBe(R.full);
    await api.db
      .updateTable("content_enrollment_setting")
      .set({ type_access: 0 })
      .where("content_type_id", "=", classType)
      .where("content_id", "=", b)
      .execute();
    await admin.post(`${A}/${full}/assign/`);
    expect((await resultsOf(full)).get(l3)).toBe(R.waiting_list);
  });

  it("cancels a learner's assignment (6), and changes progress by hand only among 22, 30 and -5", async () => {
    const course = await newCourse();
    const [l1, l2] = await freshLearners(2);
    const id = await assignment({}, [course], [l1, l2]);
    await admin.post(`${A}/${id}/assign/`);
    const progress = (await admin.get(`${A}/${id}/progress/`)).body.results as {
      id: number;
      status: number;
      account: { id: number };
      allowed_status: number[];
    }[];
    expect(progress).toHaveLength(2);
    const row = progress.find((p) => p.account.id === l1)!;
    expect(row.allowed_status).toEqual([]);
    expect((await admin.patch(`${A}/${id}/progress/${row.id}/`, { status: 30 })).status).toBe(400);
    expect((await admin.patch(`${A}/${id}/progress/${row.id}/`, { status: 21 })).body).toEqual({
      status: ["invalid_choice"],
    });
    await api.db.updateTable("content_enrollment").set({ status: 22 }).where("id", "=", row.id).execute();
    const changed = await admin.patch(`${A}/${id}/progress/${row.id}/`, { status: 30 });
    expect(changed.body).toMatchObject({ status: 30, allowed_status: [22, -5] });
    const other = (await admin.get(`${A}/${id}/learner/`)).body.results.find(
      (r: { account: { id: number } }) => r.account.id === l2,
    );
    expect((await admin.post(`${A}/${id}/learner/${other.id}/cancel/`)).status).toBe(200);
    expect((await resultsOf(id)).get(l2)).toBe(R.canceled);
    const e = await api.db
      .selectFrom("content_enrollment")
      .select("status")
      .where("id", "=", other.enrollment)
      .executeTakeFirstOrThrow();
    expect(e.status).toBe(-11);
    expect((await admin.delete(`${A}/${id}/`)).status).toBe(424);
  });

  it("assigns to a group's members (added by group)", async () => {
    const course = await newCourse();
    const members = await freshLearners(2, 5);
    const group = await api.db
      .insertInto("account_group")
      .values({ name: "Assign group", code: null, type: "ACCOUNT", desc: "" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("account_group_member")
      .values(members.map((account_id) => ({ group_id: group.id, account_id })))
      .execute();
    const id = await assignment({}, [course], [], { group_list: [group.id] });
    const preview = await admin.get(`${A}/${id}/preview/`);
    expect(preview.body).toMatchObject({ count_learner: 2, add: 2, skip: 0 });
    await admin.post(`${A}/${id}/assign/`);
    const rows = await api.db
      .selectFrom("content_enrollment")
      .select(["added_by", "add_method"])
      .where("content_type_id", "=", course.typeId)
      .where("content_id", "=", course.id)
      .execute();
    expect(rows).toEqual([
      { added_by: 5, add_method: 1 },
      { added_by: 5, add_method: 1 },
    ]);
  });
});

describe("suggestions (docs/decisions/053)", () => {
  it("record who the contents are suggested to, enrolling nobody and spending nothing; their own flags", async () => {
    const S = "/api/dashboard/suggestion";
    const course = await newCourse();
    await price(course.typeId, course.id, 1_000);
    const [fresh, enrolled] = await freshLearners(2, 10);
    await topUp(fresh, 5_000);
    await api.db
      .insertInto("content_enrollment")
      .values({
        account_id: enrolled,
        content_type_id: course.typeId,
        content_id: course.id,
        status: 21,
        add_method: 0,
        added_by: 0,
        created_by: null,
        datetime_enroll: at(),
        datetime_start: at(),
        datetime_complete: null,
        datetime_update: at(),
      })
      .execute();
    const created = await admin.post(`${S}/`, { name: "For team leads" });
    expect(created.body).toMatchObject({ type: 2 });
    const id = created.body.id;
    await admin.post(`${S}/${id}/content/`, { content_type_id: course.typeId, content_list: [course.id] });
    await admin.put(`${S}/${id}/audience/`, { account_list: [fresh, enrolled] });
    expect((await admin.get(`${S}/${id}/preview/`)).body).toMatchObject({ add: 1, skip: 1 });
    expect((await admin.post(`${S}/${id}/assign/`)).status).toBe(200);
    const rows = (await admin.get(`${S}/${id}/learner/`)).body.results as {
      account: { id: number };
      result: number;
      enrollment: number | null;
    }[];
    expect(new Map(rows.map((r) => [r.account.id, r.result]))).toEqual(
      new Map([
        [fresh, R.assigned],
        [enrolled, R.no_action],
      ]),
    );
    expect(
      await api.db
        .selectFrom("content_enrollment")
        .select("id")
        .where("account_id", "=", fresh)
        .where("content_id", "=", course.id)
        .where("content_type_id", "=", course.typeId)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await balance(fresh)).toBe(5_000);
    await admin.post(`${S}/${id}/assign/`);
    expect((await admin.get(`${S}/${id}/learner/?result=20`)).body.count).toBe(1);
    // An assignment's path does not reach a suggestion, and the manager holds no suggestion flag.
    expect((await admin.get(`${A}/${id}/`)).status).toBe(404);
    expect((await (await api.signedIn("manager")).get(`${S}/`)).status).toBe(403);
  });
});

/** An active student the programme's permission lets see it (else the result is 5), not enrolled in it. */
async function learnerOutside(table: string, typeId: number, id: number): Promise<number> {
  const today = api.clock.now.toISOString().slice(0, 10);
  const { rows } = await sql<{ id: number }>`
    select ${sql.ref("a.id")} as id from ${sql.table("account")} as a, ${sql.table(table)} as t
     where ${sql.ref("t.id")} = ${id} and ${sql.ref("a.is_active")} = 1 and ${sql.ref("a.username")} like 'student%'
       and ${accessLevel(typeId, "t", "a", today)} > 0
       and not exists (select 1 from ${sql.table("content_enrollment")} as e where ${sql.ref("e.account_id")} = ${sql.ref("a.id")}
                       and ${sql.ref("e.content_type_id")} = ${typeId} and ${sql.ref("e.content_id")} = ${id})
     order by ${sql.ref("a.id")} limit 1`.execute(api.db);
  expect(rows, "a learner who may see it and is not enrolled").toHaveLength(1);
  return Number(rows[0].id);
}

/**
 * Issue 36 §5: a learning path and an onboarding plan are assignable as a whole, like a course —
 * offered among the types to add, added by content_type_id and content_list, assigned (1) to a
 * learner, who is then enrolled in the programme itself (added by assignment).
 */
describe("programmes in an assignment (issue 36 §5)", () => {
  it.each([
    ["learning_path", "LP-ONLINE"],
    ["onboard", "ONB-NEW"],
  ] as const)("a %s is offered, added and assigned; its learner is enrolled in it", async (key, code) => {
    const typeId = await contentTypeId(api.db, key);
    const table = key; // each programme's table is named by its key
    const { id } = await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow();
    // The first demo programme of each type carries an age rule no student passes (seed-access.ts):
    // its administrator opens it to everyone first, through its permission tab's calls.
    const rules = `/api/${REGISTRY_TYPES.find((t) => t.key === key)!.api}${id}/permission/`;
    const listed = await admin.get(rules);
    expect(listed.status).toBe(200);
    for (const r of (listed.body.results ?? listed.body) as { id: number }[])
      expect((await admin.delete(`${rules}${r.id}/`)).status).toBe(204);
    const learner = await learnerOutside(table, typeId, id);

    const created = await admin.post(`${A}/`, { type: 0, name: `Assign ${code}` });
    expect(created.status).toBe(201);
    const asg = created.body.id as number;
    const choice = await admin.get(`${A}/${asg}/content/choice/?content_type_id=${typeId}&search=${code}`);
    expect(choice.status).toBe(200);
    expect(choice.body.types).toContainEqual({ id: typeId, key });
    expect(choice.body.results).toContainEqual(expect.objectContaining({ id, code }));

    const added = await admin.post(`${A}/${asg}/content/`, { content_type_id: typeId, content_list: [id] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual([expect.objectContaining({ content_type: key, content_id: id })]);
    expect((await admin.put(`${A}/${asg}/audience/`, { account_list: [learner] })).status).toBe(200);
    const assigned = await admin.post(`${A}/${asg}/assign/`);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    const results = await admin.get(`${A}/${asg}/learner/?page_size=50`);
    expect(results.body.results).toEqual([
      expect.objectContaining({ account: expect.objectContaining({ id: learner }), result: R.assigned }),
    ]);
    const enrolment = await api.db
      .selectFrom("content_enrollment")
      .select(["add_method", "added_by"])
      .where("account_id", "=", learner)
      .where("content_type_id", "=", typeId)
      .where("content_id", "=", id)
      .executeTakeFirst();
    expect(enrolment).toMatchObject({ add_method: 1, added_by: 1 });
  });
});
