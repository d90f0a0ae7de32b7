import { lazy, Suspense, useEffect, useState } from "react";
import { nativePlatform } from "~/modules/native/platform";
import { importRetrying } from "~/utils/load-after-hydration";
import { biometricsAvailable } from "../platform-authenticator";

// The form and SimpleWebAuthn's half load only on a device that can add a passkey.
const AddPasskeyForm = lazy(() => importRetrying(() => import("./add-passkey-form")).then((module) => ({ default: module.AddPasskeyForm })));

/**
 * Settings' 'Add Face ID/Touch ID on this device' (decision 011), shown where the sign-in
 * screen would offer 'Enable Face ID/Touch ID': a browser (the native app has its own
 * device sign-in, decision 013) whose device has a platform authenticator.
 */
export function AddPasskey() {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    if (!nativePlatform()) void biometricsAvailable().then((found) => live && setAvailable(found));
    return () => {
      live = false;
    };
  }, []);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <AddPasskeyForm />
    </Suspense>
  );
}
