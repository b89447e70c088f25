import { switchesOn, type ConfigDict } from "../../contract/config";
import { answerHolds, type PermissionAnswer } from "../../contract/permissions";
import { switchesOf } from "~/registry/features.js";
import { MENU } from "~/registry/menu.js";
import { dash } from "./paths";

export type MenuLink = { id: string; href: string; labelKey: string };
export type MenuGroup = { id: string; labelKey: string; links: MenuLink[] };

/**
 * The registry's menu, keeping only what the user's flags allow and the config switches on
 * (docs/decisions/020); empty sections disappear.
 */
export function visibleMenu(permission: PermissionAnswer, config: ConfigDict): MenuGroup[] {
  return MENU.map((section) => ({
    id: section.id,
    labelKey: section.labelKey,
    links: section.screens
      .filter(
        (s) => [s.flag, ...(s.also ?? [])].some((f) => answerHolds(permission, f)) && switchesOn(config, switchesOf(s)),
      )
      .map((s) => ({ id: s.id, href: dash(s.path), labelKey: s.labelKey })),
  })).filter((g) => g.links.length > 0);
}
