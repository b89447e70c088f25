/** Dictionaries come from the API's dict/ through the per-process store (see lms/store.server.ts). */
export { getDictionaries } from "~/lms/store.server";
