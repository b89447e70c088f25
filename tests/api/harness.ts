import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { createDb, type Db } from "../../api/db/index";
import { buildApi, type BuildOptions } from "../../api/server";
import { CSRF_COOKIE, RELAY_HEADER } from "../../contract/http";
import { adminQuery, DEMO_PASSWORD, SEED_CLOCK, withDatabase } from "./seeded-template";

export { DEMO_PASSWORD };
/** The relay secret the test API shares with "the dashboard" (a client given an address). */
export const TEST_RELAY_SECRET = "test-relay-secret";

/**
 * A real API over a real database for each test file: a fresh SQLite file, or a fresh PostgreSQL
 * database when TEST_DATABASE_URL names a server (CI runs the suite both ways).
 */
export async function startTestApi(opts: BuildOptions = {}, { env = {} }: { env?: Record<string, string> } = {}) {
  // Variables the API reads from the environment as it runs (api/env.ts; e.g. S3_* for uploads),
  // set while this API lives and put back by close() (each test file runs in its own process anyway).
  const savedEnv = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  // The seeded database's clock: what the seed wrote is "now" when the file starts.
  const clock = { now: new Date(SEED_CLOCK) };
  const { db, dialect, drop, connect } = await seededDatabase();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-media-test-"));
  const build = async (on: Db, options: BuildOptions) => {
    const built = await buildApi(
      { db: on, now: () => clock.now, secret: "test-secret-not-for-production", mediaDir },
      {
        loginLimits: { perAccountPerMinute: 1000, perAddressPerMinute: 1000 },
        relaySecret: TEST_RELAY_SECRET,
        scheduler: false,
        ...options,
      },
    );
    await built.ready();
    return built;
  };
  const app = await build(db, opts);
  const siblings: { close: () => Promise<void> }[] = [];
  return {
    app,
    db,
    dialect,
    clock,
    /** The API's media directory (a temporary one). */
    mediaDir,
    /** Move the clock forward. */
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    /** A browser-like client; `address`: as relayed by the dashboard from that client address. */
    client: (address?: string) => new Client(app, address),
    /** A client signed in as `username` (a demo account). */
    async signedIn(username: string) {
      const c = new Client(app);
      await c.login(username);
      return c;
    },
    /**
     * A second API over this one's database through a connection of its own (another process, as
     * far as the database can tell), with the same clock and secrets; closed with this one.
     */
    async sibling(siblingOpts: BuildOptions = opts) {
      const own = connect();
      const other = await build(own, siblingOpts);
      const close = async () => {
        await other.close();
        await own.destroy();
      };
      siblings.push({ close });
      return { app: other, db: own, client: (address?: string) => new Client(other, address), close };
    },
    async close() {
      for (const s of siblings.splice(0)) await s.close();
      await app.close();
      await db.destroy();
      await drop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      for (const [k, v] of Object.entries(savedEnv)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    },
  };
}
export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** A database of this file's own, migrated and seeded: a copy of the run's template (tests/api/seeded-template.ts). */
export async function seededDatabase(): Promise<{
  db: Db;
  dialect: "sqlite" | "postgres";
  drop: () => Promise<void>;
  connect: () => Db;
}> {
  const template = inject("seededTemplate");
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `lms_test_${crypto.randomBytes(6).toString("hex")}`;
    await copyTemplate(admin, name, template);
    const connect = () => createDb({ databaseUrl: withDatabase(admin, name) }).db;
    return {
      db: connect(),
      dialect: "postgres",
      drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`),
      connect,
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-api-test-"));
  const file = path.join(dir, "lms.sqlite");
  fs.copyFileSync(template, file);
  const connect = () => createDb({ sqliteFile: file }).db;
  return {
    db: connect(),
    dialect: "sqlite",
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    connect,
  };
}

/** CREATE DATABASE … TEMPLATE refuses while another copy of the same template is being taken: try again. */
async function copyTemplate(admin: string, name: string, template: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await adminQuery(admin, `create database ${name} template ${template}`);
    } catch (e) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/**
 * An empty database of this file's own (for tests of the migrations and the seed themselves);
 * `env`: the environment naming it, as a process started on it would read it (DATABASE_URL, or
 * DATA_DIR with the SQLite file in it).
 */
export async function freshDatabase(): Promise<{
  db: Db;
  dialect: "sqlite" | "postgres";
  drop: () => Promise<void>;
  env: Record<string, string>;
}> {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `lms_test_${crypto.randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const { db } = createDb({ databaseUrl: url.toString() });
    return {
      db,
      dialect: "postgres",
      env: { DATABASE_URL: url.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "lms-api-test-")) },
      drop: async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-api-test-"));
  const { db } = createDb({ sqliteFile: path.join(dir, "lms.sqlite") });
  return {
    db,
    dialect: "sqlite",
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    env: { DATA_DIR: dir },
  };
}

type Body = Record<string, unknown> | undefined;

/** A browser-like client: keeps cookies, echoes the CSRF cookie on unsafe methods. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    private app: FastifyInstance,
    private address?: string,
  ) {}

  private async send(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ) {
    if (method !== "GET" && !this.cookies.has(CSRF_COOKIE)) await this.send("GET", "/api/account/is-authenticated/");
    const csrf = this.cookies.get(CSRF_COOKIE);
    const res = await this.app.inject({
      method,
      url,
      payload: body as never,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(method !== "GET" && csrf ? { "x-csrftoken": csrf } : {}),
        ...(this.address ? { [RELAY_HEADER]: TEST_RELAY_SECRET, "x-forwarded-for": this.address } : {}),
        ...headers,
      },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone = c.value === "" || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return { status: res.statusCode, body: res.body ? safeJson(res.body) : null, headers: res.headers };
  }
  get = (url: string, headers?: Record<string, string>) => this.send("GET", url, undefined, headers);
  post = (url: string, body?: Body, headers?: Record<string, string>) => this.send("POST", url, body, headers);
  patch = (url: string, body?: Body, headers?: Record<string, string>) => this.send("PATCH", url, body, headers);
  put = (url: string, body?: Body, headers?: Record<string, string>) => this.send("PUT", url, body, headers);
  delete = (url: string, headers?: Record<string, string>) => this.send("DELETE", url, undefined, headers);

  /** Sign in through the API as a demo account. */
  async login(username: string, password = DEMO_PASSWORD) {
    const res = await this.post("/api/account/login/", { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }
}

/** POST a multipart form with one file, as a browser's file input sends it. */
export function postFile(
  client: Client,
  url: string,
  filename: string,
  data: Buffer,
  field: string,
  headers: Record<string, string> = {},
) {
  const boundary = "----lmsTestBoundary7MA4YWxkTrZu0gW";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.post(url, body as never, { "content-type": `multipart/form-data; boundary=${boundary}`, ...headers });
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The content item with the most rows in a content-keyed table (seeded data), and how many. */
export async function busiestContent(db: Db, table: "identification_attempt" | "identification_transaction") {
  const row = await db
    .selectFrom(`${table} as r` as "identification_attempt as r")
    .select((eb) => ["r.content_id", eb.fn.countAll<number>().as("n")])
    .groupBy("r.content_id")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .orderBy("r.content_id")
    .executeTakeFirstOrThrow();
  return { id: row.content_id, count: Number(row.n) };
}

/** A category and a provider a new content item may name: the seeded workshop's (CLS-LEAD). */
export async function contentRefs(admin: Client): Promise<{ category: number; provider: number }> {
  const any = (await admin.get("/api/dashboard/class/?search=CLS-LEAD")).body.results[0];
  return { category: any.category.id, provider: any.provider.id };
}
