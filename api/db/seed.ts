import { CONFIG_DEFAULTS, FILTER_NAMES } from "../../contract/config";
import { ROLES } from "../../contract/roles";
import { DICTIONARIES } from "../../contract/i18n/index";
import { hashPassword } from "../auth/password";
import { ACTIVITIES, seedAccess, seedRulesFromRegistry } from "./seed-access";
import { seedGroups } from "./seed-groups";
import { seedActivities } from "./seed-activities";
import { seedClasses } from "./seed-classes";
import { seedClassPrograms } from "./seed-class-programs";
import { seedClassOptions } from "./seed-class-options";
import { seedClassMaterials } from "./seed-class-materials";
import { seedCourses } from "./seed-courses";
import { seedCurriculum } from "./seed-curriculum";
import { seedEnrollment } from "./seed-enrollment";
import { seedExtras } from "./seed-extras";
import { seedIdentification } from "./seed-identification";
import { seedLocations } from "./seed-locations";
import { seedPrograms } from "./seed-programs";
import { seedSequences } from "./seed-sequences";
import { seedAssignments } from "./seed-assignments";
import { seedApprovals } from "./seed-approvals";
import { seedRequests } from "./seed-requests";
import { seedSurveys } from "./seed-surveys";
import { seedTestbankUsage, seedTestbanks } from "./seed-testbanks";
import { seedTests } from "./seed-tests";
import { seedLives } from "./seed-lives";
import { seedMedia } from "./seed-media";
import { seedLibrary } from "./seed-library";
import { seedSurveyLinks } from "./seed-survey-links";
import { seedTestAttempts } from "./seed-test-attempts";
import { touchUpdate } from "../system/config-store";
import { UPDATE_KEYS } from "../system/config";
import type { Transaction } from "kysely";
import type { Db } from "./index";
import type { Database } from "./schema";
import { lcg, insertBatches } from "./seed-kit";

/** Dictionary keys the sign-in and error pages need before anyone is signed in. */
const isLoginPageKey = (key: string) => !key.includes(".") || /^(common|account|error|privacy)\./.test(key);

/**
 * Reference data every deployment needs and may be refreshed on each start: missing config
 * settings, the dictionaries, the roles and their flags, the content types. Existing config
 * values are kept (an administrator may have changed them).
 */
export async function seedReference(db: Db, now: Date) {
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    for (const [key, entry] of Object.entries(CONFIG_DEFAULTS)) {
      await trx
        .insertInto("config")
        .values({
          key,
          value: JSON.stringify(entry.value),
          url: "url" in entry ? (entry.url ?? null) : null,
          datetime_update: at,
        })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    }
    for (const [language, dict] of Object.entries(DICTIONARIES)) {
      for (const [key, value] of Object.entries(dict)) {
        await trx
          .insertInto("dictionary")
          .values({ language, key, value, is_login_page: isLoginPageKey(key) ? 1 : 0 })
          .onConflict((oc) =>
            oc.columns(["language", "key"]).doUpdateSet({ value, is_login_page: isLoginPageKey(key) ? 1 : 0 }),
          )
          .execute();
      }
    }
    for (const role of ROLES) {
      let row = await trx.selectFrom("auth_group").select("id").where("code", "=", role.code).executeTakeFirst();
      row ??= await trx
        .insertInto("auth_group")
        .values({ code: role.code, name: role.name })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.deleteFrom("auth_group_permission").where("auth_group_id", "=", row.id).execute();
      const flags = [...new Set<string>(role.flags)];
      for (let i = 0; i < flags.length; i += 200) {
        await trx
          .insertInto("auth_group_permission")
          .values(flags.slice(i, i + 200).map((flag) => ({ auth_group_id: row.id, flag })))
          .execute();
      }
    }
    for (const [code, type, name] of CONTENT_TYPES) {
      await trx
        .insertInto("content_type")
        .values({ code, type, name })
        .onConflict((oc) => oc.column("code").doNothing())
        .execute();
    }
  });
  await touchUpdate(db, UPDATE_KEYS.dict, now);
}

const CONTENT_TYPES: [string, string, string][] = [
  ["course", "course.course", "Course"],
  ["class", "event.event", "Class"],
  ["event", "event.event", "Class"],
  ["event_program", "event.eventprogram", "Class program"],
  ["class_program", "event.eventprogram", "Class program"],
  ["activity", "activity.activity", "Activity"],
  ["learning_path", "learningpath.learningpath", "Learning path"],
  ["onboard", "onboard.onboard", "Onboarding"],
  ["live", "live.live", "Live"],
  ["exam", "exam.exam", "Test"],
  ["survey", "survey.survey", "Survey"],
  ["video", "material.video", "Video"],
  ["audio", "material.audio", "Audio"],
  ["document", "material.document", "Document"],
  ["article", "material.article", "Article"],
  ["flash_card", "material.flashcard", "Flash card"],
  ["public_learning", "publiclearning.publiclearning", "Public learning"],
  ["testbank", "exam.testbank", "Test bank"],
  // The test content type's code is its registry key (docs/decisions/064); "exam" is the original name.
  ["test", "exam.exam", "Test"],
  // Media (docs/decisions/069): the registry key is the code, as for the others above.
  ["external_video", "material.externalvideo", "External video"],
  ["learning_playlist", "learningplaylist.learningplaylist", "Learning playlist"],
];

export { DEMO_ACCOUNTS, type DemoAccount } from "./demo-accounts";

/** Whether the demo organisation is already there (seeded on first start only). */
/** Whether the database has any account: an organisation in use, not a new database (api/boot.ts). */
export async function hasAccounts(db: Db) {
  return !!(await db.selectFrom("account").select("id").limit(1).executeTakeFirst());
}

export async function hasDemo(db: Db) {
  return !!(await db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst());
}

/** The demo organisation: accounts per role, master data, published terms. One transaction. */
export async function seedDemo(db: Db, now: Date, password: string) {
  const hash = await hashPassword(password);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const ins =
      <
        T extends
          "department" | "level" | "position" | "category" | "provider" | "instructor" | "tag" | "account_group",
      >(
        table: T,
      ) =>
      async (values: Record<string, unknown>) =>
        (await trx
          .insertInto(table)
          .values(values as never)
          .returning("id" as never)
          .executeTakeFirstOrThrow()) as unknown as { id: number };

    const departments: number[] = [];
    const dep = async (values: Record<string, unknown>) => {
      const row = await ins("department")(values);
      departments.push(row.id);
      return row;
    };
    const hq = await dep({ name: "Head Office", code: "HQ", parent_id: null });
    const hr = await dep({ name: "Human Resources", code: "HR", parent_id: hq.id });
    const it = await dep({ name: "Information Technology", code: "IT", parent_id: hq.id });
    await dep({ name: "Recruitment", code: "HR-REC", parent_id: hr.id });
    await dep({ name: "Training and Development", code: "HR-TD", parent_id: hr.id });
    await dep({ name: "Infrastructure", code: "IT-INF", parent_id: it.id });
    const sales = await dep({ name: "Sales", code: "SAL", parent_id: null });
    await dep({ name: "Bangkok Branch", code: "SAL-BKK", parent_id: sales.id });
    await dep({ name: "Chiang Mai Branch", code: "SAL-CNX", parent_id: sales.id });

    const levels: { id: number }[] = [];
    for (const [i, name] of ["Staff", "Senior", "Supervisor", "Manager", "Executive"].entries())
      levels.push(await ins("level")({ name, code: `L${i + 1}` }));
    const positions: { id: number }[] = [];
    for (const [i, name] of ["Officer", "Engineer", "Sales Representative", "HR Specialist", "Team Lead"].entries())
      positions.push(await ins("position")({ name, code: `P${i + 1}` }));

    const groups: { id: number }[] = [];
    for (const [i, name] of ["New Joiners 2026", "Leadership Track", "Safety Champions"].entries()) {
      groups.push(await ins("account_group")({ name, code: `G${i + 1}`, type: "ACCOUNT", desc: null }));
    }
    const cat = ins("category");
    const tech = await cat({ name: "Technology", code: "TECH", parent_id: null });
    for (const [name, code] of [
      ["Programming", "TECH-PRG"],
      ["Data", "TECH-DAT"],
      ["Security", "TECH-SEC"],
    ])
      await cat({ name, code, parent_id: tech.id });
    const soft = await cat({ name: "Soft Skills", code: "SOFT", parent_id: null });
    for (const [name, code] of [
      ["Communication", "SOFT-COM"],
      ["Leadership", "SOFT-LEA"],
    ])
      await cat({ name, code, parent_id: soft.id });
    const comp = await cat({ name: "Compliance", code: "COMP", parent_id: null });
    await cat({ name: "Safety", code: "COMP-SAF", parent_id: comp.id });

    const providers: { id: number }[] = [];
    for (const [name, code] of [
      ["Internal Academy", "ACAD"],
      ["Bangkok Learning Co.", "BLC"],
      ["Global Skills Partner", "GSP"],
    ]) {
      providers.push(await ins("provider")({ name, code, about: null, image: null, desc: null }));
    }
    for (const [name, code] of [
      ["Digital", "TAG-DIG"],
      ["Onboarding", "TAG-ONB"],
      ["Mandatory", "TAG-MAN"],
      ["Thai language", "TAG-TH"],
    ]) {
      await ins("tag")({ name, code, type: "GENERAL" });
    }

    const roleId = async (code: string) =>
      (await trx.selectFrom("auth_group").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
    const account = async (username: string, first: string, last: string, extra: Record<string, number | null> = {}) =>
      (
        await trx
          .insertInto("account")
          .values({
            username,
            email: `${username}@demo.lms.local`,
            password_hash: hash,
            first_name: first,
            last_name: last,
            language: "en",
            department_id: hq.id,
            position_id: positions[0].id,
            level_id: levels[0].id,
            is_active: 1,
            is_superuser: 0,
            is_system_user: 0,
            is_dashboard_permission: 1,
            is_store_permission: 0,
            is_verified_email: 1,
            failed_login_count: 0,
            datetime_create: at,
            ...extra,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const grant = async (accountId: number, role: string) =>
      trx
        .insertInto("account_auth_group")
        .values({ account_id: accountId, auth_group_id: await roleId(role), is_in_use: 1 })
        .execute();
    const scope = (accountId: number, kind: string, refId: number) =>
      trx
        .insertInto("account_role_scope")
        .values({ account_id: accountId, kind, ref_id: refId, is_in_use: 1 })
        .execute();

    const admin = await account("admin", "Ada", "Admin", {
      is_superuser: 1,
      level_id: levels[4].id,
      position_id: positions[4].id,
    });
    await grant(admin, "administrator");
    await scope(admin, "department", hq.id);
    const instructorId = await account("instructor", "Somchai", "Jaidee", {
      department_id: it.id,
      position_id: positions[1].id,
    });
    await grant(instructorId, "instructor");
    const instr = await ins("instructor")({
      name: "Somchai Jaidee",
      code: "INS-001",
      contact: "instructor@demo.lms.local",
      overview: null,
      image: null,
      account_id: instructorId,
    });
    await scope(instructorId, "instructor", instr.id);
    await ins("instructor")({
      name: "Malee Srisuk",
      code: "INS-002",
      contact: null,
      overview: null,
      image: null,
      account_id: null,
    });
    await ins("instructor")({
      name: "John Carter",
      code: "INS-003",
      contact: null,
      overview: null,
      image: null,
      account_id: null,
    });
    const providerId = await account("provider", "Pim", "Provider");
    await grant(providerId, "provider");
    await scope(providerId, "provider", providers[1].id);
    const inspectorId = await account("inspector", "Ian", "Inspector", { department_id: hr.id });
    await grant(inspectorId, "inspector");
    const managerId = await account("manager", "Mana", "Manager", { department_id: sales.id, level_id: levels[3].id });
    await grant(managerId, "manager");
    await scope(managerId, "department", sales.id);
    await scope(managerId, "group", groups[1].id);
    const learnerId = await account("learner", "Lek", "Learner", {
      is_dashboard_permission: 0,
      department_id: sales.id,
    });
    await trx.insertInto("account_group_member").values({ group_id: groups[0].id, account_id: learnerId }).execute();
    await account("sysadmin", "System", "Operator", { is_system_user: 1, is_superuser: 1 });

    // Two plain administrators of Head Office (the end-to-end tests change their passwords).
    for (const [username, first] of [
      ["staff1", "Sunee"],
      ["staff2", "Somsak"],
    ]) {
      const id = await account(username, first, "Staff");
      await grant(id, "administrator");
      await scope(id, "department", hq.id);
    }
    // Read-only staff: the view flags of content only (the permission matrix's refused account).
    const viewerId = await account("viewer", "Vipa", "Viewer", { department_id: hr.id });
    await grant(viewerId, "viewer");

    for (const [kind, topic, body] of TERMS) {
      await trx
        .insertInto("term_document")
        .values({ kind, topic, body, version: 1, is_publish: 1, datetime_publish: at, datetime_create: at })
        .execute();
    }

    await seedCourses(trx, now, admin);
    await seedCurriculum(trx, now);
    await seedAccess(trx, now);

    // Last, so the demo accounts above keep the lowest ids.
    await seedHistory(trx, now, hash, {
      departments,
      positions: positions.map((p) => p.id),
      levels: levels.map((l) => l.id),
      staff: [
        { id: admin, username: "admin" },
        { id: instructorId, username: "instructor" },
        { id: providerId, username: "provider" },
        { id: inspectorId, username: "inspector" },
        { id: managerId, username: "manager" },
      ],
    });
    await seedEnrollment(trx, now, hash);
    await seedExtras(trx, now);
    await seedIdentification(trx, now);
    // Before the activities and classes: checklists and sessions take their places.
    await seedLocations(trx, now);
    await seedActivities(trx, now);
    await seedAccess(trx, now, ACTIVITIES);
    await seedGroups(trx, now);
    await seedClasses(trx, now);
    await seedClassPrograms(trx, now);
    // Session enrollment, a program class's terms, learner-held codes (docs/decisions/046, 047).
    await seedClassOptions(trx, now);
    // The classes' materials, online sessions and activities (docs/decisions/045).
    await seedClassMaterials(trx, now);
    // How learners get their learning (issue 17 §6).
    await seedAssignments(trx, now);
    await seedApprovals(trx, now);
    await seedRequests(trx, now);
    // Surveys on the content engine, with their questions (issue 18 §4, docs/decisions/062).
    await seedSurveys(trx, now);
    // Test banks with their questions (issue 18 §3, docs/decisions/063), before the tests that draw from them.
    await seedTestbanks(trx, now);
    // Tests with sections, their own questions and draws from those banks (issue 18 §1, docs/decisions/064); then the banks' usage requests from them.
    await seedTests(trx, now);
    await seedTestbankUsage(trx, now);
    // Live sessions in several states, with learners and their questions (issue 18 §5, docs/decisions/066).
    await seedLives(trx, now);
    // Learners' attempts of the seeded tests: passed, failed, waiting for verification (issue 18 §6, docs/decisions/065). After the tests.
    await seedTestAttempts(trx, now);
    // Media of every type, learners, flash cards, a course slot requiring an article (issue 19, docs/decisions/069); their files after (seedMediaFiles).
    await seedMedia(trx, now);
    // The content library: an item of each type it repeats, copied from those above (issue 19 §6, docs/decisions/071).
    await seedLibrary(trx, now);
    // A survey on a class, a program's class and the library's items, for their results pages (docs/decisions/081). After the library.
    await seedSurveyLinks(trx);
    // Learning programs and the courses and activities that name them (issue 36 §3, docs/decisions/097).
    await seedPrograms(trx, now);
    // Learning paths (online, scheduled) and onboarding plans, with their sequences and learners (issue 36, docs/decisions/098, 099).
    await seedSequences(trx, now);
    // Last: a permission rule for any type whose own seed made none (a type just added).
    await seedRulesFromRegistry(trx, now);
  });
  for (const name of FILTER_NAMES) await touchUpdate(db, UPDATE_KEYS.filter(name), now);
  await touchUpdate(db, UPDATE_KEYS.config, now);
}

const TERMS: [string, string, string][] = [
  [
    "privacy",
    "Privacy notice",
    "We collect your name, contact details and learning records to run your training. We keep them while you have an account and share them only with your organisation's administrators.",
  ],
  [
    "terms",
    "Terms and conditions",
    "By using this learning platform you agree to use it for your organisation's training, to keep your password secret and to respect the copyright of the learning content.",
  ],
  [
    "data_consent",
    "Data consent",
    "I consent to my organisation processing my learning progress and test results to plan training and issue certificates.",
  ],
];

const FIRST_NAMES = [
  "Anan",
  "Busaba",
  "Chai",
  "Duangjai",
  "Ekkachai",
  "Fah",
  "Kanya",
  "Kittipong",
  "Lamai",
  "Narong",
  "Nok",
  "Pensri",
  "Prasert",
  "Ratana",
  "Somsak",
  "Suda",
  "Thana",
  "Wanida",
  "Wichai",
  "Yupin",
];
const LAST_NAMES = [
  "Boonmee",
  "Chaiyaporn",
  "Jaidee",
  "Kaewmanee",
  "Phongsri",
  "Rattanakul",
  "Saetang",
  "Srisuk",
  "Sukjai",
  "Thongdee",
  "Wongsawat",
  "Yodkaew",
];
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
];
const HISTORY_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/**
 * Ninety days of history so the home charts have something to show on a fresh start: 60 learner
 * accounts (learner001…learner060) joining over the period, their visits of the learner site,
 * the staff's visits of the dashboard, and the sign-ins (some failed) behind them. Working hours
 * of Thailand (01:00–16:00 UTC), quieter weekends, slowly growing use. Nothing lies after `now`.
 */
async function seedHistory(
  trx: Transaction<Database>,
  now: Date,
  hash: string,
  refs: { departments: number[]; positions: number[]; levels: number[]; staff: { id: number; username: string }[] },
) {
  const rand = lcg(20260601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const nowMs = now.getTime();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayStart = (daysAgo: number) => today - daysAgo * DAY_MS;
  /** A moment of working hours on that day, or null when it would lie in the future. */
  const during = (daysAgo: number) => {
    const t = dayStart(daysAgo) + HOUR_MS + Math.floor(rand() * 15 * HOUR_MS);
    return t < nowMs ? t : null;
  };

  // Learners: joining dates spread over the period, more of them recently; numbered oldest first.
  const joined: number[] = [];
  while (joined.length < 60) {
    const t = during(Math.floor(HISTORY_DAYS * (1 - Math.sqrt(rand()))));
    if (t !== null) joined.push(t);
  }
  joined.sort((a, b) => a - b);
  const learnerRows = joined.map((t, i) => {
    const username = `learner${String(i + 1).padStart(3, "0")}`;
    return {
      username,
      email: `${username}@demo.lms.local`,
      password_hash: hash,
      first_name: pick(FIRST_NAMES),
      last_name: pick(LAST_NAMES),
      language: rand() < 0.7 ? "th" : "en",
      department_id: pick(refs.departments),
      position_id: pick(refs.positions),
      // Most learners are at the first two levels.
      level_id: refs.levels[Math.min(refs.levels.length - 1, Math.floor(rand() ** 2 * refs.levels.length))],
      is_active: 1,
      is_superuser: 0,
      is_system_user: 0,
      is_dashboard_permission: 0,
      is_store_permission: 0,
      is_verified_email: 1,
      failed_login_count: 0,
      datetime_create: new Date(t).toISOString(),
    };
  });
  await insertBatches(trx, "account", learnerRows);
  const ids = await trx
    .selectFrom("account")
    .select(["id", "username"])
    .where(
      "username",
      "in",
      learnerRows.map((r) => r.username),
    )
    .execute();
  const idOf = new Map(ids.map((r) => [r.username, r.id]));
  const learners = learnerRows.map((r, i) => ({ id: idOf.get(r.username)!, username: r.username, joined: joined[i] }));

  const visits: Record<string, unknown>[] = [];
  const attempts: Record<string, unknown>[] = [];
  const ip = () => `10.${Math.floor(rand() * 4)}.${Math.floor(rand() * 256)}.${1 + Math.floor(rand() * 254)}`;
  const visit = (t: number, source: number, who: { id: number; username: string } | null) => {
    const address = ip();
    visits.push({
      account_id: who?.id ?? null,
      source,
      ip: address,
      user_agent: pick(USER_AGENTS),
      datetime_create: new Date(t).toISOString(),
    });
    // Most signed-in visits start with a sign-in a minute earlier; the rest reuse a live session.
    if (who && rand() < 0.6)
      attempts.push({
        username: who.username,
        account_id: who.id,
        ip: address,
        is_success: 1,
        datetime_create: new Date(t - 60_000).toISOString(),
      });
  };
  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const weekend = [0, 6].includes(new Date(dayStart(daysAgo)).getUTCDay());
    const growth = 1 + (HISTORY_DAYS - daysAgo) / HISTORY_DAYS;
    const learnerVisits = Math.round((weekend ? 5 : 18) * growth * (0.75 + rand() * 0.5));
    const staffVisits = weekend ? Math.floor(rand() * 3) : 4 + Math.floor(rand() * 8);
    const failures = weekend ? Math.floor(rand() * 2) : Math.floor(rand() * 5);
    for (let k = 0; k < learnerVisits; k++) {
      const t = during(daysAgo);
      if (t === null) continue;
      const members = learners.filter((l) => l.joined <= t - 60_000);
      visit(t, 0, members.length && rand() > 0.15 ? pick(members) : null);
    }
    for (let k = 0; k < staffVisits; k++) {
      const t = during(daysAgo);
      if (t !== null) visit(t, 10, pick(refs.staff));
    }
    for (let k = 0; k < failures; k++) {
      const t = during(daysAgo);
      if (t === null) continue;
      const who = rand() < 0.7 ? pick([...learners.filter((l) => l.joined <= t), ...refs.staff]) : null;
      const username = who ? who.username : `${pick(FIRST_NAMES).toLowerCase()}.${pick(LAST_NAMES).toLowerCase()}`;
      attempts.push({
        username,
        account_id: who?.id ?? null,
        ip: ip(),
        is_success: 0,
        datetime_create: new Date(t).toISOString(),
      });
    }
  }
  await insertBatches(trx, "analytic_session", visits);
  await insertBatches(trx, "login_attempt", attempts);
}
