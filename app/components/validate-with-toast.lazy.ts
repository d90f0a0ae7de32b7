// What useLazyValidation loads after hydration. Its own module, so that bundlers split
// it off even where validate-with-toast.ts is also imported statically (the server build).
export { validateWithToast } from "./validate-with-toast";
