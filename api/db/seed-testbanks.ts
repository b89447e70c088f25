import type { Trx } from "../engine/crud";
import { USAGE_STATUS } from "../../contract/schemas/testbank";

/**
 * The demo test banks (issue 18 §3, §6; docs/decisions/063): three banks a test can draw from —
 * two of multiple-choice questions (four choices, one correct, tagged so a draw can pick by tag)
 * and one of description questions (marked by hand) — each with its log: the bank created and
 * every question added, by number. `seedTestbankUsage` adds usage requests in each state once
 * the tests exist.
 */

type Bank = {
  name: string;
  code: string;
  type: number;
  category: string;
  questions: { desc: string; choices?: string[]; answer?: number; tags?: string[] }[];
};

const mc = (desc: string, choices: string[], answer: number, tags: string[]) => ({ desc, choices, answer, tags });

const BANKS: Bank[] = [
  {
    name: "Information security basics",
    code: "TB-SEC",
    type: 1,
    category: "TECH-SEC",
    questions: [
      mc(
        "Which password is the strongest?",
        ["password123", "Summer2024", "c0rrect-Horse-battery-st4ple", "qwerty"],
        2,
        ["TAG-DIG"],
      ),
      mc(
        "What should you do with a suspicious email attachment?",
        ["Open it to check", "Forward it to colleagues", "Report it to IT and do not open it", "Reply to the sender"],
        2,
        ["TAG-DIG", "TAG-MAN"],
      ),
      mc(
        "What does multi-factor authentication add?",
        ["A second proof of identity", "A longer password", "A faster login", "A backup email"],
        0,
        ["TAG-DIG"],
      ),
      mc(
        "When should you lock your screen?",
        ["Only at night", "Whenever you leave your desk", "Once a week", "Never"],
        1,
        ["TAG-MAN"],
      ),
      mc(
        "Which of these is phishing?",
        [
          "A message asking you to confirm your password by link",
          "A calendar invite from your manager",
          "A system update from IT's portal",
          "A payslip in the HR system",
        ],
        0,
        ["TAG-DIG", "TAG-MAN"],
      ),
      mc(
        "Where may you store customer data?",
        ["A personal USB stick", "Approved company systems", "Personal cloud storage", "Your phone's notes"],
        1,
        ["TAG-MAN"],
      ),
      mc(
        "What is a software update for?",
        ["Changing colours", "Fixing security holes and bugs", "Slowing the computer", "Deleting files"],
        1,
        ["TAG-DIG"],
      ),
      mc("Who may know your password?", ["Your manager", "IT support", "Nobody", "Your team"], 2, ["TAG-MAN"]),
      mc(
        "What does HTTPS in an address show?",
        ["The site is fast", "The connection is encrypted", "The site is free", "The site is Thai"],
        1,
        ["TAG-DIG"],
      ),
      mc(
        "A stranger follows you through a secure door. What do you do?",
        ["Hold the door", "Ask for their badge or report it", "Ignore it", "Lock yourself out"],
        1,
        ["TAG-MAN"],
      ),
      mc(
        "Which Wi-Fi is safest for work?",
        ["Café Wi-Fi", "Airport Wi-Fi", "The company network or VPN", "A neighbour's open Wi-Fi"],
        2,
        ["TAG-DIG"],
      ),
      mc(
        "What do you do after losing a work laptop?",
        ["Wait a week", "Report it at once", "Buy a new one", "Nothing"],
        1,
        ["TAG-MAN"],
      ),
    ],
  },
  {
    name: "Workplace safety",
    code: "TB-SAF",
    type: 1,
    category: "COMP-SAF",
    questions: [
      mc(
        "What is the first thing to do when the fire alarm sounds?",
        ["Finish your work", "Leave by the nearest exit", "Use the lift", "Call a friend"],
        1,
        ["TAG-MAN"],
      ),
      mc(
        "Where is the assembly point shown?",
        ["On the evacuation plan", "In your email", "On the menu", "Nowhere"],
        0,
        ["TAG-MAN"],
      ),
      mc(
        "How do you lift a heavy box?",
        ["Bend your back", "Bend your knees and keep your back straight", "Twist while lifting", "Lift quickly"],
        1,
        ["TAG-ONB"],
      ),
      mc(
        "A colleague is injured. Who do you tell first?",
        ["The first aider", "Social media", "Nobody", "The canteen"],
        0,
        ["TAG-MAN"],
      ),
      mc("What does a yellow warning sign mean?", ["Caution", "Exit", "Drinking water", "Lift"], 0, ["TAG-ONB"]),
      mc(
        "Where do you report a near miss?",
        ["The safety report form", "Nowhere", "A sticky note", "The car park"],
        0,
        ["TAG-MAN"],
      ),
      mc("What PPE protects your eyes?", ["Gloves", "Safety glasses", "Boots", "A helmet"], 1, ["TAG-ONB"]),
      mc(
        "Spilled water on the floor: what do you do?",
        ["Walk around it", "Clean it or mark it and report it", "Leave it", "Cover it with paper"],
        1,
        ["TAG-ONB", "TAG-MAN"],
      ),
      mc("How often should fire exits be blocked?", ["Never", "During deliveries", "At weekends", "When busy"], 0, [
        "TAG-MAN",
      ]),
      mc("Which extinguisher is for electrical fires?", ["Water", "CO2", "Foam on live wires", "A blanket only"], 1, [
        "TAG-MAN",
      ]),
    ],
  },
  {
    name: "Communication essays",
    code: "TB-COM",
    type: 4,
    category: "SOFT-COM",
    questions: [
      { desc: "Describe how you would give difficult feedback to a colleague.", tags: ["TAG-ONB"] },
      { desc: "Explain a time you had to adapt your message to your audience.", tags: ["TAG-ONB"] },
      { desc: "How do you make sure a meeting ends with clear actions?" },
      { desc: "Write a short email declining a request politely." },
      { desc: "What makes a presentation easy to follow?" },
    ],
  },
];

/** Seeds the banks with their questions, choices, tags and log; returns their ids by code. */
export async function seedTestbanks(trx: Trx, now: Date): Promise<Map<string, number>> {
  // Called by the tests' seed as well as the main one: the second call finds them made.
  const made = await trx
    .selectFrom("testbank")
    .select(["id", "code"])
    .where(
      "code",
      "in",
      BANKS.map((b) => b.code),
    )
    .execute();
  if (made.length) return new Map(made.map((r) => [r.code, r.id]));
  const at = now.toISOString();
  const admin = (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
  const provider = (await trx.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const tags = new Map(
    (await trx.selectFrom("tag").select(["id", "code"]).where("type", "=", "GENERAL").execute()).map((t) => [
      t.code,
      t.id,
    ]),
  );
  const ids = new Map<string, number>();
  for (const b of BANKS) {
    const category = (
      await trx.selectFrom("category").select("id").where("code", "=", b.category).executeTakeFirstOrThrow()
    ).id;
    const bank = await trx
      .insertInto("testbank")
      .values({
        name: b.name,
        code: b.code,
        type_question: b.type,
        category_id: category,
        provider_id: provider,
        content_level: null,
        program: null,
        is_environmental: 0,
        desc: "",
        is_display: 0,
        datetime_start: null,
        datetime_first_publish: null,
        datetime_create: at,
        datetime_update: at,
        created_by: admin,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(b.code, bank.id);
    const log = (number: number | null, action: string, changes: Record<string, unknown>) =>
      trx
        .insertInto("testbank_log")
        .values({
          testbank_id: bank.id,
          number,
          action,
          changes: JSON.stringify(changes),
          created_by: admin,
          datetime_create: at,
        })
        .execute();
    await log(null, "create", { name: b.name, code: b.code });
    for (const [i, q] of b.questions.entries()) {
      const number = i + 1;
      const row = await trx
        .insertInto("test_question")
        .values({
          section_id: null,
          bank_id: bank.id,
          number,
          type: b.type,
          desc: q.desc,
          score: 1,
          datetime_create: at,
          datetime_update: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [j, c] of (q.choices ?? []).entries()) {
        await trx
          .insertInto("test_choice")
          .values({ question_id: row.id, sort: j + 1, desc: c, is_answer: j === q.answer ? 1 : 0 })
          .execute();
      }
      const tagIds = (q.tags ?? []).flatMap((c) => (tags.has(c) ? [tags.get(c)!] : []));
      if (tagIds.length)
        await trx
          .insertInto("test_question_tag")
          .values(tagIds.map((tag_id) => ({ question_id: row.id, tag_id })))
          .execute();
      await log(number, "question_create", { desc: q.desc });
    }
  }
  // One access rule with a condition (the engine's permission rules; the overall permission page):
  // the security bank is for the first department's staff.
  const securityBank = ids.get("TB-SEC")!;
  const department = await trx.selectFrom("department").select("id").orderBy("id").executeTakeFirst();
  const ct = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "testbank").executeTakeFirstOrThrow()
  ).id;
  const rule = await trx
    .insertInto("content_permission")
    .values({
      content_type_id: ct,
      content_id: securityBank,
      mode: 2,
      permission: 1,
      operator: 1,
      age_gte: -1,
      age_lte: -1,
      experience_gte: -1,
      experience_lte: -1,
      level_year_gte: -1,
      level_year_lte: -1,
      service_gte: -1,
      service_lte: -1,
      level_group_year_gte: -1,
      level_group_year_lte: -1,
      date_account_start_gte: null,
      date_account_start_lte: null,
      datetime_create: at,
      datetime_update: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (department)
    await trx
      .insertInto("content_permission_item")
      .values({ permission_id: rule.id, field: "department", ref_id: department.id })
      .execute();
  return ids;
}

/**
 * Usage requests in each state (issue 18 §3: -1 rejected, 0 waiting, 1 approved) from the seeded
 * tests, if there are any: the security bank has one of each, the safety bank one waiting.
 */
export async function seedTestbankUsage(trx: Trx, now: Date) {
  const tests = await trx.selectFrom("test").select("id").orderBy("id").limit(3).execute();
  if (!tests.length) return;
  const at = now.toISOString();
  const admin = (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
  const provider =
    (await trx.selectFrom("account").select("id").where("username", "=", "provider").executeTakeFirst())?.id ?? admin;
  const bank = async (code: string) =>
    (await trx.selectFrom("testbank").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const security = await bank("TB-SEC");
  const safety = await bank("TB-SAF");
  const rows = [
    {
      testbank_id: security,
      test_id: tests[0]!.id,
      status: USAGE_STATUS.approved,
      note: "For the annual security test.",
      decided: true,
    },
    {
      testbank_id: security,
      test_id: tests[tests.length > 1 ? 1 : 0]!.id,
      status: USAGE_STATUS.waiting,
      note: "Please allow the onboarding test to draw from it.",
      decided: false,
    },
    {
      testbank_id: security,
      test_id: tests[tests.length - 1]!.id,
      status: USAGE_STATUS.rejected,
      note: "Use the safety bank instead.",
      decided: true,
    },
    { testbank_id: safety, test_id: tests[0]!.id, status: USAGE_STATUS.waiting, note: "", decided: false },
  ];
  for (const r of rows) {
    await trx
      .insertInto("testbank_usage")
      .values({
        testbank_id: r.testbank_id,
        test_id: r.test_id,
        status: r.status,
        note: r.note,
        requested_by: provider,
        decided_by: r.decided ? admin : null,
        datetime_create: at,
        datetime_decide: r.decided ? at : null,
      })
      .execute();
    await trx
      .insertInto("testbank_log")
      .values({
        testbank_id: r.testbank_id,
        number: null,
        action: "usage_request",
        changes: JSON.stringify({ test: r.test_id }),
        created_by: provider,
        datetime_create: at,
      })
      .execute();
  }
}
