import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { SESSION_IDLE_SECONDS } from "../../contract/http";
import {
  IMPORT_EVENTS,
  IMPORT_HISTORY_RECENT,
  IMPORT_SOCKET_PATH,
  type ImportEvent,
  type ImportHistoryItem,
  type ImportModule,
  type ImportSocketMessage,
} from "../../contract/imports";
import { MSG } from "../../contract/messages";
import { readEnv } from "../env";
import type { ApiContext } from "../http/context";
import { ApiError, notFound } from "../http/errors";
import { canSee, importViewer, isImportModule, presentHistory, visibleHistory, type Viewer } from "./history";
import type { ImportQueue } from "./queue";

/**
 * The import socket of spec 002 §7: `websocket/alert/import/` (every module) or with a module
 * name (`…/user/`), under the API root. Signed in by the session cookie like every call; a page
 * of another site may not open it (originAllowed: a browser's Origin must be the API's own host or
 * PUBLIC_ORIGIN). The client sends an event — `import_history` or `import_history_processing_list`, as
 * the bare name or as JSON `{"event": …}` — and gets `{event, results}` back: the viewer's 20
 * most recent rows, or its rows in progress with their percent. While a job the viewer may see
 * runs, the processing list is pushed at each whole percent, and both lists when a job ends.
 */

const OPEN = 1;
/** How often a socket that lists another process's jobs (scale-out) reads the table again. */
const POLL_MS = 2_000;
/** Close codes: the session ended (as a 401), a message we cannot read. */
const CLOSE_SIGNED_OUT = 4401;

/**
 * Whether a socket may be opened from `origin` (issue 32). No Origin header is a client that is no
 * browser — the dashboard's server, which relays the socket to the page as events
 * (app/lms/import-socket.server.ts) — and the session decides, as on every call. A browser may
 * open it only from the API's own host or from the dashboard's public origin (PUBLIC_ORIGIN):
 * never `null` (a sandboxed frame, a file), another site, or anything that is not an http(s) origin.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string | undefined,
): boolean {
  if (origin === undefined) return true;
  const own = (text: string) => {
    try {
      const url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:" ? url : null;
    } catch {
      return null;
    }
  };
  const url = own(origin);
  // An Origin is exactly scheme://host[:port], as browsers write it: anything else is malformed.
  if (!url || url.origin !== origin) return false;
  if (host !== undefined && url.host === host) return true;
  return !!publicOrigin?.trim() && own(publicOrigin.trim())?.origin === url.origin;
}

const viewers = new WeakMap<FastifyRequest, { viewer: Viewer; module: ImportModule | null }>();

export function importSocketRoutes(app: FastifyInstance, ctx: ApiContext, queue: ImportQueue) {
  const { db } = ctx;

  const recent = async (viewer: Viewer, module: ImportModule | null) =>
    overlay(
      await presentHistory(
        db,
        await visibleHistory(db, viewer, module)
          .orderBy("datetime_create", "desc")
          .orderBy("id", "desc")
          .limit(IMPORT_HISTORY_RECENT)
          .execute(),
      ),
    );
  const processing = async (viewer: Viewer, module: ImportModule | null) =>
    overlay(
      await presentHistory(
        db,
        await visibleHistory(db, viewer, module).where("status", "=", 2).orderBy("id").execute(),
      ),
    );
  /** This process's jobs as they are now (the table holds their percent of a few seconds ago). */
  const overlay = (items: ImportHistoryItem[]) =>
    items.map((i) =>
      i.status === 2 && queue.liveItem(i.id)
        ? { ...i, percent: queue.liveItem(i.id)!.percent, count_failed: queue.liveItem(i.id)!.count_failed }
        : i,
    );

  /** The session the socket was opened with still stands (not signed out, not idle too long). */
  const sessionAlive = async (req: FastifyRequest) => {
    if (!req.sessionKeyHash) return false;
    const row = await db
      .selectFrom("session")
      .select("datetime_last_seen")
      .where("key_hash", "=", req.sessionKeyHash)
      .executeTakeFirst();
    return !!row && ctx.now().getTime() - Date.parse(row.datetime_last_seen) <= SESSION_IDLE_SECONDS * 1000;
  };

  const preValidation = async (req: FastifyRequest) => {
    // Before the session and before the upgrade: a refused page gets a 403 and no socket at all.
    if (!originAllowed(req.headers.origin, req.headers.host, readEnv().PUBLIC_ORIGIN))
      throw new ApiError(403, { detail: MSG.permission_denied });
    const given = (req.params as { module?: string }).module;
    if (given !== undefined && !isImportModule(given)) throw notFound();
    viewers.set(req, { viewer: await importViewer(req, db), module: (given as ImportModule | undefined) ?? null });
  };

  const handler = (socket: WebSocket, req: FastifyRequest) => {
    const { viewer, module } = viewers.get(req)!;
    let inProgress: ImportHistoryItem[] = [];
    const send = (msg: ImportSocketMessage) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(msg));
    };
    const answer = async (event: ImportEvent) => {
      if (!(await sessionAlive(req))) return socket.close(CLOSE_SIGNED_OUT, MSG.not_authenticated);
      if (event === IMPORT_EVENTS.history) return send({ event, results: await recent(viewer, module) });
      inProgress = await processing(viewer, module);
      send({ event, results: inProgress });
    };
    const failed = () => socket.readyState === OPEN && socket.close(1011, MSG.server_error);

    socket.on("message", (data) => {
      const text = String(data).trim();
      let event: unknown = text;
      try {
        event = text.startsWith("{") ? (JSON.parse(text) as { event?: unknown }).event : text;
      } catch {
        event = null;
      }
      if (event === IMPORT_EVENTS.history || event === IMPORT_EVENTS.processing) void answer(event).catch(failed);
      else send({ event: "error", detail: MSG.invalid });
    });

    const off = queue.on(({ type, item }) => {
      if (!canSee(viewer, module, item)) return;
      if (type === "progress") {
        // From memory, no query: during a write transaction (SQLite) the database is busy.
        inProgress = inProgress.some((i) => i.id === item.id)
          ? inProgress.map((i) => (i.id === item.id ? item : i))
          : [...inProgress, item];
        return send({ event: IMPORT_EVENTS.processing, results: inProgress });
      }
      // A job queued or ended: the lists as stored.
      void answer(IMPORT_EVENTS.processing)
        .then(() => (queue.runsHere(item.id) ? undefined : answer(IMPORT_EVENTS.history)))
        .catch(failed);
    });
    // Jobs another API process runs reach this one through the table only.
    let last = "";
    const poll = setInterval(() => {
      if (!inProgress.some((i) => !queue.runsHere(i.id))) return;
      void processing(viewer, module)
        .then((list) => {
          const text = JSON.stringify(list);
          if (text === last) return;
          last = text;
          const ended = inProgress.some((i) => !list.some((l) => l.id === i.id));
          inProgress = list;
          send({ event: IMPORT_EVENTS.processing, results: list });
          if (ended) return answer(IMPORT_EVENTS.history);
        })
        .catch(failed);
    }, POLL_MS);
    poll.unref();
    socket.on("close", () => {
      off();
      clearInterval(poll);
    });
  };

  for (const path of [`/${IMPORT_SOCKET_PATH}`, `/${IMPORT_SOCKET_PATH}:module/`]) {
    app.get(path, { websocket: true, preValidation }, handler);
  }
}
