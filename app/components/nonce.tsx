import { createContext, useContext } from "react";

/** The per-response CSP nonce, given by entry.server to the scripts the document renders. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
