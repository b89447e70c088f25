import { eventStream } from "remix-utils/sse/server";
import WebSocket from "ws";
import {
  IMPORT_EVENTS,
  IMPORT_SOCKET_PATH,
  type ImportEvent,
  type ImportHistoryItem,
  type ImportModule,
  type ImportSocketMessage,
} from "../../contract/imports";
import type { Lms } from "./api.server";

/**
 * The API's import socket (spec 002 §7 `websocket/alert/import/`, docs/decisions/032) as the
 * dashboard's server holds it for one page: opened with the user's forwarded session (the same
 * cookies and relay header as every call), so an API speaking the original contract serves the
 * page as well. What it reports reaches the browser as Server-Sent Events (below).
 */
export function importSocket(
  api: Lms,
  module: ImportModule | null,
  on: { message: (m: ImportSocketMessage) => void; closed: () => void },
) {
  const { url, headers } = api.wire(`${IMPORT_SOCKET_PATH}${module ? `${module}/` : ""}`);
  const socket = new WebSocket(url.replace(/^http/, "ws"), { headers, handshakeTimeout: 10_000 });
  socket.on("message", (data) => {
    try {
      on.message(JSON.parse(String(data)) as ImportSocketMessage);
    } catch {
      // Not a message of the contract: nothing to report.
    }
  });
  // Refused (401/403), dropped or closed: the stream ends and the browser asks again.
  socket.on("error", () => socket.terminate());
  socket.on("close", on.closed);
  return {
    ask: (event: ImportEvent) => {
      const send = () => socket.send(JSON.stringify({ event }));
      if (socket.readyState === WebSocket.OPEN) send();
      else socket.once("open", send);
    },
    close: () => socket.terminate(),
  };
}

/** A stream longer than this ends; the browser's EventSource opens a new one if it still wants it. */
const MAX_STREAM_MS = 10 * 60_000;

/**
 * One import job's item as Server-Sent Events (event "job", the item as JSON): `first` at once,
 * then each change the socket reports, until the job has ended. Compression would hold events
 * back until its buffer fills: `no-transform` keeps the compression middleware off this answer.
 */
export function jobEvents(api: Lms, signal: AbortSignal, first: ImportHistoryItem): Response {
  // remix-utils closes its stream when the signal aborts; if the browser had already gone, the
  // stream was cancelled and that close throws outside any handler, which ended the server. So
  // its stream never sees the cancel: the answer below reads it, and a cancel aborts `stop`, on
  // which remix-utils closes its (still open) stream cleanly.
  const stop = new AbortController();
  if (signal.aborted) stop.abort();
  else signal.addEventListener("abort", () => stop.abort(), { once: true });
  const stream = eventStream(stop.signal, (rawSend, close) => {
    // A message that arrives as the stream closes is dropped, not thrown into the socket's handler.
    const send = (event: { event: string; data: string }) => {
      try {
        rawSend(event);
      } catch {
        stop.abort();
      }
    };
    let last = "";
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      // Never inside init: eventStream's close() calls the cleanup init has not returned yet.
      setTimeout(close, 0);
    };
    const report = (item: ImportHistoryItem) => {
      const text = JSON.stringify(item);
      if (text !== last) send({ event: "job", data: (last = text) });
      if (item.status !== 2) end();
    };
    report(first);
    if (first.status !== 2) return () => undefined;
    let running = true;
    const socket = importSocket(api, first.module, {
      message: (m) => {
        if (!("results" in m)) return;
        const mine = m.results.find((r) => r.id === first.id);
        if (mine) return report(mine);
        // Gone from the processing list: it ended; its final row is among the recent ones.
        if (m.event === IMPORT_EVENTS.processing && running) {
          running = false;
          socket.ask(IMPORT_EVENTS.history);
        } else if (m.event === IMPORT_EVENTS.history) end();
      },
      closed: end,
    });
    socket.ask(IMPORT_EVENTS.processing);
    const timer = setTimeout(end, MAX_STREAM_MS);
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  });
  const headers = new Headers(stream.headers);
  headers.set("Cache-Control", "no-cache, no-transform");
  headers.set("X-Accel-Buffering", "no");
  for (const c of api.setCookies) headers.append("Set-Cookie", c);
  const reader = stream.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await reader.read();
      try {
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        // Cancelled meanwhile: nothing more to deliver.
      }
    },
    cancel: () => stop.abort(),
  });
  return new Response(body, { status: 200, headers });
}
