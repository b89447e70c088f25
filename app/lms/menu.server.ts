import type { PermissionAnswer } from "../../contract/permissions";
import { MENU } from "~/registry/menu.js";
import { dash } from "./paths";

export type MenuLink = { id: string; href: string; labelKey: string };
export type MenuGroup = { id: string; labelKey: string; links: MenuLink[] };

/** The registry's menu, keeping only what the user's flags allow; empty sections disappear. */
export function visibleMenu(permission: PermissionAnswer): MenuGroup[] {
  return MENU.map((section) => ({
    id: section.id,
    labelKey: section.labelKey,
    links: section.screens.filter((s) => permission.permission[s.flag]).map((s) => ({ id: s.id, href: dash(s.path), labelKey: s.labelKey })),
  })).filter((g) => g.links.length > 0);
}
