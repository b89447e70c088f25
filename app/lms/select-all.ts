/**
 * "Select all on this page" of a list of tick boxes, without JavaScript (docs/decisions/077): the
 * header's box posts `select_all=page`, and each row posts its id under `page_list` beside its own
 * box, so the server knows the page's rows. With it ticked, the form stands for every row of the
 * page, whatever boxes were ticked one by one; with JavaScript the header box also ticks them all.
 */
export const SELECT_ALL = { name: "select_all", value: "page", pageList: "page_list" } as const;

/** The form with `listName` set to the page's rows when "select all" was ticked; else as posted. */
export function withPageSelected(form: FormData, listName: string): FormData {
  if (form.get(SELECT_ALL.name) !== SELECT_ALL.value) return form;
  const out = new FormData();
  for (const [key, value] of form.entries())
    if (key !== listName && key !== SELECT_ALL.name && key !== SELECT_ALL.pageList) out.append(key, value);
  for (const id of form.getAll(SELECT_ALL.pageList)) out.append(listName, id);
  return out;
}
