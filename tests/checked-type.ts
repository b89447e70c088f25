/**
 * `npm run check:type -- <key>` (scripts/check-type.ts) sets CHECK_TYPE: the registry-driven
 * tests (drift, the permission matrices, the route smoke) then walk that content type alone, so a
 * type being added is checked in minutes; unset, they walk every type, as in CI.
 */
export const CHECK_TYPE = process.env.CHECK_TYPE || null;

/** Whether a content type (its registry key; none: not a content page) is one this run checks. */
export const isChecked = (key: string | null | undefined): boolean => CHECK_TYPE === null || key === CHECK_TYPE;

/** The items of the checked type (all of them when no type is asked for). */
export const checked = <T extends { key: string }>(items: readonly T[]): T[] => items.filter((i) => isChecked(i.key));
