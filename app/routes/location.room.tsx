import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { Room } from "../../contract/schemas/location";
import type { SettingField } from "~/components/content/settings-form";
import { TableTab } from "~/components/content/table-tab";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { roomAction } from "~/lms/room.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras", "master"] };

/**
 * A location's rooms (spec 000 §2.11 /location/{locationid}/room; docs/decisions/039): the list
 * by name, an add form, an edit form (`?edit={id}`) and delete with a confirmation
 * (`?remove={id}`) — the highlight tab's TableTab, so plain forms and links that work without
 * JavaScript. Capacity 0 is shown as "unlimited", as a session's capacity means.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const { data: list } = await api.get<Paged<Room>>(`${type.api}${id}/room/`, {
    query: { page_size: 1000, ordering: "name" },
  });
  return data(
    { rows: list.results, canChange: allows(type, permission, "change"), idempotencyKey: newIdempotencyKey() },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return roomAction(args);
}

export default function RoomTab() {
  const { rows, canChange, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const fields: SettingField[] = [
    { name: "name", label: t("room_field_name"), kind: "text", required: true },
    { name: "code", label: t("room_field_code"), kind: "text", hint: t("room_hint_code") },
    {
      name: "capacity",
      label: t("room_field_capacity"),
      kind: "number",
      min: 0,
      unit: t("room_unit_seats"),
      hint: t("room_hint_capacity"),
    },
    { name: "desc", label: t("room_field_desc"), kind: "text" },
  ];
  const values = (r: Room) => ({ name: r.name, code: r.code ?? "", capacity: String(r.capacity), desc: r.desc });
  return (
    <TableTab
      title={t("room_title")}
      intro={t("room_intro")}
      rows={rows}
      rowName={(r) => r.name}
      columns={[
        { key: "name", label: t("room_field_name"), render: (r) => <span className="font-medium">{r.name}</span> },
        {
          key: "code",
          label: t("room_field_code"),
          render: (r) => (r.code ? <code className="text-xs">{r.code}</code> : "—"),
        },
        {
          key: "capacity",
          label: t("room_field_capacity"),
          render: (r) => (r.capacity ? t("room_seats", { count: r.capacity }) : t("room_unlimited")),
        },
        { key: "desc", label: t("room_field_desc"), render: (r) => r.desc || "—" },
      ]}
      canChange={canChange}
      add={{
        title: t("room_add"),
        submitLabel: t("room_action_add"),
        fields,
        defaults: { capacity: "0" },
        idempotencyKey,
      }}
      edit={{ fields, values }}
      remove={{ label: t("action_delete"), text: (r) => t("room_delete_text", { name: r.name }) }}
      answer={answer}
      empty={t("room_empty")}
    />
  );
}
