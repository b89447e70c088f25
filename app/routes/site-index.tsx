import { redirect } from "@remix-run/node";
import { dash } from "~/lms/paths";

/** The bare site root leads to the dashboard. */
export const loader = () => redirect(dash());
