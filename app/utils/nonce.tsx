import { createContext, useContext } from "react";

// The nonce reaches React components through a provider set in entry.server.tsx.
// Browsers hide the nonce attribute from scripts, so on the client it reads "".
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
