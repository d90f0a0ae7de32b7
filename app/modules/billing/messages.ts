// Spec §8 'Subscription and profile' and the toasts of spec §8. Kept out of
// service.server.ts: the pages show some of them from the browser ('Opening checkout...',
// 'Failed to open billing portal'), and a route's component may not import server code.
export const SIGN_IN_TO_SUBSCRIBE = "Please sign in to subscribe";
export const CHECKOUT_FAILED = "Failed to create checkout session";
export const PORTAL_FAILED = "Failed to open billing portal";
export const SUBSCRIPTION_ACTIVATED = "Subscription activated!";
export const OPENING_CHECKOUT = "Opening checkout...";
