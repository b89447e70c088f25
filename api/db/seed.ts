import { CONFIG_DEFAULTS, FILTER_NAMES } from "../../contract/config";
import { ROLES } from "../../contract/roles";
import { DICTIONARIES } from "../../contract/i18n/index";
import { hashPassword } from "../auth/password";
import { touchUpdate } from "../resources/config-store";
import { UPDATE_KEYS } from "../resources/config";
import type { Db } from "./index";

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
        .values({ key, value: JSON.stringify(entry.value), url: "url" in entry ? (entry.url ?? null) : null, datetime_update: at })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    }
    for (const [language, dict] of Object.entries(DICTIONARIES)) {
      for (const [key, value] of Object.entries(dict)) {
        await trx
          .insertInto("dictionary")
          .values({ language, key, value, is_login_page: isLoginPageKey(key) ? 1 : 0 })
          .onConflict((oc) => oc.columns(["language", "key"]).doUpdateSet({ value, is_login_page: isLoginPageKey(key) ? 1 : 0 }))
          .execute();
      }
    }
    for (const role of ROLES) {
      let row = await trx.selectFrom("auth_group").select("id").where("code", "=", role.code).executeTakeFirst();
      row ??= await trx.insertInto("auth_group").values({ code: role.code, name: role.name }).returning("id").executeTakeFirstOrThrow();
      await trx.deleteFrom("auth_group_permission").where("auth_group_id", "=", row.id).execute();
      const flags = [...new Set<string>(role.flags)];
      for (let i = 0; i < flags.length; i += 200) {
        await trx.insertInto("auth_group_permission").values(flags.slice(i, i + 200).map((flag) => ({ auth_group_id: row.id, flag }))).execute();
      }
    }
    for (const [code, type, name] of CONTENT_TYPES) {
      await trx.insertInto("content_type").values({ code, type, name }).onConflict((oc) => oc.column("code").doNothing()).execute();
    }
  });
  await touchUpdate(db, UPDATE_KEYS.dict, now);
}

const CONTENT_TYPES: [string, string, string][] = [
  ["course", "course.course", "Course"], ["event", "event.event", "Class"], ["event_program", "event.eventprogram", "Class program"],
  ["activity", "activity.activity", "Activity"], ["learning_path", "learningpath.learningpath", "Learning path"],
  ["onboard", "onboard.onboard", "Onboarding"], ["live", "live.live", "Live"], ["exam", "exam.exam", "Test"],
  ["survey", "survey.survey", "Survey"], ["video", "material.video", "Video"], ["audio", "material.audio", "Audio"],
  ["document", "material.document", "Document"], ["article", "material.article", "Article"],
  ["flash_card", "material.flashcard", "Flash card"], ["public_learning", "publiclearning.publiclearning", "Public learning"],
];

export type DemoAccount = { username: string; role: string };
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: "admin", role: "superuser" },
  { username: "instructor", role: "instructor" },
  { username: "provider", role: "provider" },
  { username: "inspector", role: "inspector" },
  { username: "manager", role: "manager" },
  { username: "learner", role: "learner (no dashboard permission)" },
  { username: "sysadmin", role: "system user" },
];

/** Whether the demo organisation is already there (seeded on first start only). */
export async function hasDemo(db: Db) {
  return !!(await db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst());
}

/** The demo organisation: accounts per role, master data, published terms. One transaction. */
export async function seedDemo(db: Db, now: Date, password: string) {
  const hash = await hashPassword(password);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const ins = <T extends "department" | "level" | "position" | "category" | "provider" | "instructor" | "tag" | "account_group">(table: T) =>
      async (values: Record<string, unknown>) =>
        (await trx.insertInto(table).values(values as never).returning("id" as never).executeTakeFirstOrThrow()) as unknown as { id: number };

    const dep = ins("department");
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
    for (const [i, name] of ["Staff", "Senior", "Supervisor", "Manager", "Executive"].entries()) levels.push(await ins("level")({ name, code: `L${i + 1}` }));
    const positions: { id: number }[] = [];
    for (const [i, name] of ["Officer", "Engineer", "Sales Representative", "HR Specialist", "Team Lead"].entries()) positions.push(await ins("position")({ name, code: `P${i + 1}` }));

    const groups: { id: number }[] = [];
    for (const [i, name] of ["New Joiners 2026", "Leadership Track", "Safety Champions"].entries()) {
      groups.push(await ins("account_group")({ name, code: `G${i + 1}`, type: "ACCOUNT", desc: null }));
    }
    const cat = ins("category");
    const tech = await cat({ name: "Technology", code: "TECH", parent_id: null });
    for (const [name, code] of [["Programming", "TECH-PRG"], ["Data", "TECH-DAT"], ["Security", "TECH-SEC"]]) await cat({ name, code, parent_id: tech.id });
    const soft = await cat({ name: "Soft Skills", code: "SOFT", parent_id: null });
    for (const [name, code] of [["Communication", "SOFT-COM"], ["Leadership", "SOFT-LEA"]]) await cat({ name, code, parent_id: soft.id });
    const comp = await cat({ name: "Compliance", code: "COMP", parent_id: null });
    await cat({ name: "Safety", code: "COMP-SAF", parent_id: comp.id });

    const providers: { id: number }[] = [];
    for (const [name, code] of [["Internal Academy", "ACAD"], ["Bangkok Learning Co.", "BLC"], ["Global Skills Partner", "GSP"]]) {
      providers.push(await ins("provider")({ name, code, about: null, image: null, desc: null }));
    }
    for (const [name, code] of [["Digital", "TAG-DIG"], ["Onboarding", "TAG-ONB"], ["Mandatory", "TAG-MAN"], ["Thai language", "TAG-TH"]]) {
      await ins("tag")({ name, code, type: "GENERAL" });
    }

    const roleId = async (code: string) => (await trx.selectFrom("auth_group").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
    const account = async (username: string, first: string, last: string, extra: Record<string, number | null> = {}) =>
      (await trx.insertInto("account").values({
        username, email: `${username}@demo.lms.local`, password_hash: hash, first_name: first, last_name: last,
        language: "en", department_id: hq.id, position_id: positions[0].id, level_id: levels[0].id,
        is_active: 1, is_superuser: 0, is_system_user: 0, is_dashboard_permission: 1, is_store_permission: 0,
        is_verified_email: 1, failed_login_count: 0, datetime_create: at, ...extra,
      }).returning("id").executeTakeFirstOrThrow()).id;
    const grant = async (accountId: number, role: string) =>
      trx.insertInto("account_auth_group").values({ account_id: accountId, auth_group_id: await roleId(role), is_in_use: 1 }).execute();
    const scope = (accountId: number, kind: string, refId: number) =>
      trx.insertInto("account_role_scope").values({ account_id: accountId, kind, ref_id: refId, is_in_use: 1 }).execute();

    const admin = await account("admin", "Ada", "Admin", { is_superuser: 1, level_id: levels[4].id, position_id: positions[4].id });
    await grant(admin, "administrator");
    await scope(admin, "department", hq.id);
    const instructorId = await account("instructor", "Somchai", "Jaidee", { department_id: it.id, position_id: positions[1].id });
    await grant(instructorId, "instructor");
    const instr = await ins("instructor")({ name: "Somchai Jaidee", code: "INS-001", contact: "instructor@demo.lms.local", overview: null, image: null, account_id: instructorId });
    await scope(instructorId, "instructor", instr.id);
    await ins("instructor")({ name: "Malee Srisuk", code: "INS-002", contact: null, overview: null, image: null, account_id: null });
    await ins("instructor")({ name: "John Carter", code: "INS-003", contact: null, overview: null, image: null, account_id: null });
    const providerId = await account("provider", "Pim", "Provider");
    await grant(providerId, "provider");
    await scope(providerId, "provider", providers[1].id);
    const inspectorId = await account("inspector", "Ian", "Inspector", { department_id: hr.id });
    await grant(inspectorId, "inspector");
    const managerId = await account("manager", "Mana", "Manager", { department_id: sales.id, level_id: levels[3].id });
    await grant(managerId, "manager");
    await scope(managerId, "department", sales.id);
    await scope(managerId, "group", groups[1].id);
    const learnerId = await account("learner", "Lek", "Learner", { is_dashboard_permission: 0, department_id: sales.id });
    await trx.insertInto("account_group_member").values({ group_id: groups[0].id, account_id: learnerId }).execute();
    await account("sysadmin", "System", "Operator", { is_system_user: 1, is_superuser: 1 });

    for (const [kind, topic, body] of TERMS) {
      await trx.insertInto("term_document").values({ kind, topic, body, version: 1, is_publish: 1, datetime_publish: at, datetime_create: at }).execute();
    }
  });
  for (const name of FILTER_NAMES) await touchUpdate(db, UPDATE_KEYS.filter(name), now);
  await touchUpdate(db, UPDATE_KEYS.config, now);
}

const TERMS: [string, string, string][] = [
  ["privacy", "Privacy notice", "We collect your name, contact details and learning records to run your training. We keep them while you have an account and share them only with your organisation's administrators."],
  ["terms", "Terms and conditions", "By using this learning platform you agree to use it for your organisation's training, to keep your password secret and to respect the copyright of the learning content."],
  ["data_consent", "Data consent", "I consent to my organisation processing my learning progress and test results to plan training and issue certificates."],
];
