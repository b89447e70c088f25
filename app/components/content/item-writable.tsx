import { createContext, useContext, type ReactNode } from "react";

/**
 * Whether the item whose tabs are open may still be written (docs/decisions/040): false under an
 * item the API answers read-only for good (a cancelled class). The item layout provides it, so
 * every tab's forms — the engine's shared ones and a type's own — render read-only on the server,
 * with or without JavaScript, while the API refuses the write anyway. Outside an item: true.
 */
const ItemWritable = createContext(true);

export const ItemWritableProvider = ({ writable, children }: { writable: boolean; children: ReactNode }) => (
  <ItemWritable.Provider value={writable}>{children}</ItemWritable.Provider>
);

export const useItemWritable = () => useContext(ItemWritable);

/**
 * A write form's fields and buttons, disabled when the item is read-only. It draws no box of its
 * own (`contents`), so a form's layout is the same with it.
 */
export function WritableFields({ children }: { children: ReactNode }) {
  const writable = useItemWritable();
  return (
    <fieldset disabled={!writable} className="contents">
      {children}
    </fieldset>
  );
}
