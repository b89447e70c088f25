import { useTranslation } from "~/i18n/react";
import { formatFileSize } from "~/lms/number-format";

/** A file size as the page shows it: B, KB, MB or GB as fits, in its language (R394; app/lms/number-format.ts). */
export function useFileSize() {
  const { t, i18n } = useTranslation();
  return (bytes: number) => formatFileSize(bytes, i18n.language, t);
}
