// Decision 013: what the native app's push switch shows beside the web
// switch's own strings (components/push-card.tsx, decision 009). Client-safe: the app
// shows them, the server answers them.

export const NATIVE_PUSH_NOT_UNDERSTOOD = "This device's push token was not understood.";
export const NATIVE_PUSH_NOT_SUBSCRIBED = "This device is not subscribed.";
// The operating system gave no token (no network, no Google Play services, a simulator).
export const NATIVE_PUSH_NO_TOKEN = "This device could not register for push notifications. Please try again.";
/** Decision 013: push refused inside the app is turned on in the phone's Settings, not a browser's. */
export const NATIVE_PUSH_BLOCKED = "Turn on notifications for Event Flow in your phone's Settings.";

/**
 * docs/product/messages.md#push: the browser's push service did not answer in time (or
 * answered with an error) when this device subscribed: the switch stays off.
 */
export const PUSH_SERVICE_UNREACHABLE = "Could not reach the push service. Try again later.";
