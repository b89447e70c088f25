import { redirect } from "@remix-run/node";
import {
  CLASS_STATUS,
  CLASS_STATUS_SEGMENTS,
  classStatusOfSegment,
  type ClassStatus,
} from "../../contract/class-codes";
import { invariantResponse } from "./invariant";

/**
 * The class status a `class/status/{status}` path names (docs/decisions/040): its name (ongoing,
 * upcoming, past, canceled). The spec's numeric codes (spec 001 §4: 0–3) are the same lists under
 * another spelling: they are sent on to the named address (docs/decisions/077), the query kept.
 * Anything else is 404.
 */
export function classStatusOfPath(request: Request, segment: string): ClassStatus {
  const status = classStatusOfSegment(segment);
  if (status !== null) return status;
  const named = /^\d$/.test(segment)
    ? CLASS_STATUS_SEGMENTS.find((n) => CLASS_STATUS[n] === Number(segment))
    : undefined;
  invariantResponse(named, "Not Found", { status: 404 });
  const url = new URL(request.url);
  throw redirect(`${url.pathname.replace(/[^/]+\/?$/, named)}${url.search}`);
}
