import { useTranslation } from "~/i18n/react";
import type { CheckinSessionRow } from "../../../contract/schemas/class-checkin";
import { checkinWindow } from "../../../contract/checkin-codes";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { useDates } from "~/components/use-dates";

/**
 * A class's check-in points — its sessions — with how many learners are enrolled, checked in and
 * (a check-in-and-check-out class) checked out; each session opens its check-in page at
 * `{hrefBase}/{id}`. The class's check-in tab and its overall "check-in" page both show it.
 * `qrHref` (the session's QR print page, `{id}` in it) adds the QR column where the page offers one;
 * a session checked in by hand only has no code to print (docs/decisions/077). Each row says when
 * its check-in is open (contract checkinWindow).
 */
export function CheckinSessionList({
  points,
  hrefBase,
  checkOut,
  qrHref,
  caption,
}: {
  points: CheckinSessionRow[];
  hrefBase: string;
  checkOut: boolean;
  qrHref?: string | null;
  caption: string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const openFor = (r: CheckinSessionRow) => {
    const w = checkinWindow(r);
    return dates.period(w.opens, w.closes);
  };
  const columns: DataColumn<CheckinSessionRow>[] = [
    {
      key: "name",
      label: t("cls_col_session"),
      render: (r) => (
        <a
          href={`${hrefBase}/${r.id}`}
          className="font-medium text-primary hover:underline"
          aria-label={t("cls_checkin_open_named", { name: r.name })}
        >
          {r.name}
        </a>
      ),
    },
    { key: "date", label: t("cls_col_date"), className: "whitespace-nowrap", render: (r) => dates.day(r.date) },
    {
      key: "time",
      label: t("cls_col_time"),
      className: "whitespace-nowrap",
      render: (r) => `${r.start_time}–${r.end_time}`,
    },
    { key: "window", label: t("cls_checkin_col_window"), render: (r) => openFor(r) },
    { key: "enrolled", label: t("cls_checkin_col_enrolled"), className: "text-right", render: (r) => r.enrolled },
    { key: "in", label: t("chk_col_checked_in"), className: "text-right", render: (r) => r.checked_in },
    ...(checkOut
      ? [
          {
            key: "out",
            label: t("chk_col_checked_out"),
            className: "text-right",
            render: (r: CheckinSessionRow) => r.checked_out,
          },
        ]
      : []),
    // The session's QR code to print (the QR pages, docs/decisions/042), where the page links to it.
    ...(qrHref
      ? [
          {
            key: "qr",
            label: t("cls_checkin_col_qr"),
            render: (r: CheckinSessionRow) =>
              r.is_qr_code ? (
                <a
                  href={qrHref.replace("{id}", String(r.id))}
                  className="text-primary underline"
                  aria-label={t("cls_checkin_print_qr_named", { name: r.name })}
                >
                  {t("cls_checkin_print_qr")}
                </a>
              ) : (
                t("cls_checkin_by_hand")
              ),
          },
        ]
      : []),
  ];
  return <DataTable columns={columns} rows={points} caption={caption} empty={t("cls_checkin_no_sessions")} />;
}
