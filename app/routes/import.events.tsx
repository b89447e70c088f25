import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ImportHistoryItem } from "../../contract/imports";
import { importPageOf, importScreens } from "~/components/imports/import-pages";
import { requireScreen } from "~/lms/auth.server";
import { jobEvents } from "~/lms/import-socket.server";
import { invariantResponse } from "~/lms/invariant";

/**
 * The live progress of one import job (a resource route, no page): `?job={id}` answers
 * Server-Sent Events fed by the API's import socket (app/lms/import-socket.server.ts), each
 * event the job's item, until it has ended. The job page (import.page.tsx) subscribes with JS on;
 * its module's screen (`/import/{module}/events`) guards it.
 * Without a job it answers nothing to follow: an empty stream that ends at once.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = importPageOf(new URL(args.request.url).pathname);
  invariantResponse(page, "Not Found", { status: 404 });
  const { api } = await requireScreen(args, importScreens(page.module).events);
  const raw = new URL(args.request.url).searchParams.get("job");
  if (raw === null)
    return new Response("", { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
  invariantResponse(/^\d{1,9}$/.test(raw), "Not Found", { status: 404 });
  const { data: job } = await api.get<ImportHistoryItem>(`dashboard/import-history/${raw}/`);
  return jobEvents(api, args.request.signal, job);
}
