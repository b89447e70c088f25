import { z } from "../zod";
import { MSG } from "../messages";
import { idList } from "./form-fields";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./content";
import { codeField, longText, nameField, type IdName, type RoleAdmin } from "./master-data";
import { GROUP_CONDITION_FIELDS, conditionSchema, type Condition, type GroupConditionField } from "./condition";

/**
 * Groups (spec 001 §3 "Other master data": id, name, code, desc, admin_list; spec 000 §2.11
 * /group, /group/{groupid}, /group/{groupid}/condition; docs/decisions/030). A group is a list of
 * accounts (type ACCOUNT, the type the filter list group/type/ACCOUNT names) or a condition over
 * the user fields (type CONDITION) whose members the API computes when asked. The type is chosen
 * when the group is made and does not change.
 */
export const GROUP_TYPE = { account: "ACCOUNT", condition: "CONDITION" } as const;
export type GroupType = (typeof GROUP_TYPE)[keyof typeof GROUP_TYPE];
export const GROUP_TYPES: readonly GroupType[] = Object.values(GROUP_TYPE);

const typeField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.enum(GROUP_TYPES as [GroupType, ...GroupType[]], { error: MSG.invalid_choice }),
);

/** Create: name required; type ACCOUNT unless told; admin_list: staff accounts (ids). PATCH: the fields given. */
export function groupSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  const fields = { name: nameField(limits), code: codeField(limits), desc: longText(limits), admin_list: idList(200) };
  const create = z.object({
    ...fields,
    code: fields.code.default(null),
    desc: fields.desc.default(""),
    type: typeField.default(GROUP_TYPE.account),
    admin_list: fields.admin_list.default([]),
  });
  const update = z.object({
    name: fields.name.optional(),
    code: fields.code.optional(),
    desc: fields.desc.optional(),
    type: typeField.optional(),
    admin_list: fields.admin_list.optional(),
  });
  return { create, update };
}
export type GroupCreateInput = z.output<ReturnType<typeof groupSchemas>["create"]>;
export type GroupUpdateInput = z.output<ReturnType<typeof groupSchemas>["update"]>;

/** POST group/{id}/member/: accounts to add to a group of accounts. */
export const groupMembersSchema = z.object({
  account_list: idList(1000).refine((ids) => ids.length > 0, MSG.required),
});

/** PUT group/{id}/condition/ (and its preview): every list of a condition but accounts. */
export const groupConditionSchema = conditionSchema(GROUP_CONDITION_FIELDS);
export type GroupCondition = Condition<GroupConditionField>;

/** A row of GET dashboard/group/. */
export type GroupRow = { id: number; name: string; code: string | null; desc: string; type: GroupType };
/** GET dashboard/group/{id}/: the row, its administrators and how many members it has now. */
export type Group = GroupRow & { admin_list: RoleAdmin[]; count_member: number };
/** A row of GET dashboard/group/{id}/member/. */
export type GroupMember = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  department: IdName | null;
  is_active: boolean;
};
