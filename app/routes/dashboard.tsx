import { Outlet } from "@remix-run/react";

/** Everything lives under /dashboard/ (the classic compiler has no basename). */
export default function DashboardBase() {
  return <Outlet />;
}
