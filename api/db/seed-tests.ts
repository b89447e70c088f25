import type { Trx } from "../engine/crud";
import { seedTestbanks } from "./seed-testbanks";

/**
 * The demo tests (issue 18 §1, §6; docs/decisions/064): five tests in different publish states —
 * published, scheduled, hidden —, each with sections of their own questions (multiple choice with
 * four choices, one correct; fill in description with an answer guide) and draw rules from the
 * seeded banks (random by range, random by tags, selected numbers). The banks come from
 * seedTestbanks (the lead's seed, docs/decisions/063), which answers their ids by code. Each
 * section's full score is what its questions give, as publishing asks (docs/decisions/076).
 */

type Own = { desc: string; choices?: string[]; answer?: number; guide?: string; score?: number };
type Draw = {
  bank: string;
  method?: 0 | 1;
  random?: 0 | 1;
  number?: number;
  range?: string;
  selected?: number[];
  tags?: string[];
};
type Section = {
  name: string;
  full: number;
  pass: number;
  condition?: number;
  shuffle?: boolean;
  own?: Own[];
  draws?: Draw[];
};
type Test = {
  code: string;
  name: string;
  category: string;
  state: "publish" | "schedule" | "hidden";
  result?: 0 | 1;
  attempt?: number;
  duration?: number;
  term?: string;
  sections: Section[];
};

const mc = (desc: string, choices: string[], answer: number): Own => ({ desc, choices, answer });
const fill = (desc: string, guide: string, score = 2): Own => ({ desc, guide, score });

const TESTS: Test[] = [
  {
    code: "TST-SAF-01",
    name: "Workplace safety quiz",
    category: "COMP-SAF",
    state: "publish",
    attempt: 3,
    duration: 30,
    term: "Answer on your own. You may try three times.",
    sections: [
      {
        name: "Basics",
        full: 4,
        pass: 2,
        condition: 1,
        own: [
          mc(
            "Where is the assembly point after an evacuation?",
            ["The car park", "Your desk", "The canteen", "The lift lobby"],
            0,
          ),
          mc("Which extinguisher is for electrical fires?", ["Water", "CO2", "Foam", "Sand bucket"], 1),
          fill(
            "Describe what you do when you see a spill on the floor.",
            "Mark or guard the area, report it, clean it only if trained and safe.",
          ),
        ],
      },
      {
        name: "From the safety bank",
        full: 3,
        pass: 2,
        shuffle: true,
        draws: [{ bank: "TB-SAF", number: 3, range: "1-6" }],
      },
    ],
  },
  {
    code: "TST-SEC-01",
    name: "Information security test",
    category: "TECH-SEC",
    state: "publish",
    attempt: 0,
    sections: [
      {
        name: "Passwords and phishing",
        full: 5,
        pass: 3,
        own: [mc("Is it safe to reuse a password across sites?", ["Yes", "No"], 1)],
        draws: [{ bank: "TB-SEC", number: 4, range: "1-5, 8, 10-12" }],
      },
      {
        name: "Everyday practice",
        full: 2,
        pass: 0,
        draws: [{ bank: "TB-SEC", tags: ["TAG-MAN"], number: 2, random: 1 }],
      },
    ],
  },
  {
    code: "TST-COM-01",
    name: "Communication skills assessment",
    category: "COMP-SAF",
    state: "publish",
    result: 1,
    sections: [
      {
        name: "Written answers",
        full: 6,
        pass: 4,
        condition: 0,
        own: [
          fill(
            "Summarise the purpose of a weekly team update.",
            "Shares progress, blockers and next steps in a few lines.",
            4,
          ),
        ],
        draws: [{ bank: "TB-COM", method: 1, selected: [1, 2] }],
      },
    ],
  },
  {
    code: "TST-SCH-01",
    name: "First aid refresher",
    category: "COMP-SAF",
    state: "schedule",
    sections: [
      {
        name: "First aid",
        full: 2,
        pass: 1,
        own: [
          mc("What do you check first at an accident?", ["Danger to yourself", "The time", "The weather"], 0),
          mc("How often should you refresh first aid training?", ["Never", "Every few years", "Every day"], 1),
        ],
      },
    ],
  },
  {
    code: "TST-DRAFT-01",
    name: "Leadership test (draft)",
    category: "COMP-SAF",
    state: "hidden",
    sections: [{ name: "Untitled Section", full: 0, pass: 0 }],
  },
];

export async function seedTests(trx: Trx, now: Date) {
  if (await trx.selectFrom("test").select("id").where("code", "=", TESTS[0].code).executeTakeFirst()) return;
  const banks = await seedTestbanks(trx, now);
  const at = now.toISOString();
  const admin = (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
  const provider = (await trx.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const fallback = (await trx.selectFrom("category").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const tags = new Map(
    (await trx.selectFrom("tag").select(["id", "code"]).where("type", "=", "GENERAL").execute()).map((t) => [
      t.code,
      t.id,
    ]),
  );
  const inAWeek = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  const testType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "test").executeTakeFirstOrThrow()
  ).id;
  const department = (await trx.selectFrom("department").select("id").orderBy("id").executeTakeFirst())?.id;
  for (const [index, t] of TESTS.entries()) {
    const category =
      (await trx.selectFrom("category").select("id").where("code", "=", t.category).executeTakeFirst())?.id ?? fallback;
    const shown = t.state !== "hidden";
    const { id } = await trx
      .insertInto("test")
      .values({
        name: t.name,
        code: t.code,
        category_id: category,
        provider_id: provider,
        content_level: null,
        program: null,
        is_environmental: 0,
        desc: "",
        is_display: shown ? 1 : 0,
        datetime_start: t.state === "schedule" ? inAWeek : null,
        datetime_first_publish: t.state === "publish" ? at : null,
        datetime_create: at,
        datetime_update: at,
        created_by: admin,
        is_template: 0,
        term: t.term ?? "",
        result_setting: t.result ?? 0,
        attempt: t.attempt ?? 1,
        duration: t.duration ?? 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Who may take the published tests: a rule by department on the first two (their condition and permission tabs).
    if (index < 2 && department !== undefined) {
      const rule = await trx
        .insertInto("content_permission")
        .values({
          content_type_id: testType,
          content_id: id,
          mode: 2,
          permission: 2,
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
      await trx
        .insertInto("content_permission_item")
        .values({ permission_id: rule.id, field: "department", ref_id: department })
        .execute();
    }
    for (const [i, s] of t.sections.entries()) {
      const section = await trx
        .insertInto("test_section")
        .values({
          test_id: id,
          sort: i + 1,
          name: s.name,
          desc: "",
          full_score: s.full,
          pass_score: s.pass,
          pass_condition_type: s.condition ?? 0,
          is_question_shuffle: s.shuffle ? 1 : 0,
          is_choice_shuffle: s.shuffle ? 1 : 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [n, q] of (s.own ?? []).entries()) {
        const type = q.choices ? 1 : 4;
        const row = await trx
          .insertInto("test_question")
          .values({
            section_id: section.id,
            bank_id: null,
            number: n + 1,
            type,
            desc: q.desc,
            desc_evaluation: q.guide ?? "",
            score: q.score ?? 1,
            datetime_create: at,
            datetime_update: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (q.choices)
          await trx
            .insertInto("test_choice")
            .values(
              q.choices.map((c, j) => ({
                question_id: row.id,
                sort: j + 1,
                desc: c,
                is_answer: j === q.answer ? 1 : 0,
              })),
            )
            .execute();
      }
      for (const [k, d] of (s.draws ?? []).entries()) {
        const bank = banks.get(d.bank);
        if (bank === undefined) continue;
        await trx
          .insertInto("test_section_draw")
          .values({
            section_id: section.id,
            bank_id: bank,
            sort: k + 1,
            tag_list: JSON.stringify((d.tags ?? []).flatMap((c) => (tags.has(c) ? [tags.get(c)!] : []))),
            type_method: d.method ?? 0,
            type_random: d.random ?? 0,
            type_select: 0,
            number: d.selected ? d.selected.length : (d.number ?? 0),
            range: d.range ?? "",
            question_list: JSON.stringify(d.selected ?? []),
            datetime_create: at,
          })
          .execute();
      }
    }
  }
}
