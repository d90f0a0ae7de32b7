// docs/product/messages.md#subscription-and-profile and the toasts of docs/product/messages.md#subscription-and-profile. Kept out of
// service.server.ts: the pages show some of them from the browser ('Opening checkout...',
// 'Failed to open billing portal'), and a route's component may not import server code.
export const SIGN_IN_TO_SUBSCRIBE = "Please sign in to subscribe";
export const CHECKOUT_FAILED = "Failed to create checkout session";
export const PORTAL_FAILED = "Failed to open billing portal";
export const SUBSCRIPTION_ACTIVATED = "Subscription activated!";
export const OPENING_CHECKOUT = "Opening checkout...";
// Decision 008: a customer with a live subscription is never sent to pay for a second.
export const ALREADY_SUBSCRIBED = "You already have a subscription. Update its payment method in the billing portal.";
export const PAYMENT_FAILED_NOTICE = "Your last payment failed. Update your payment method in the billing portal to get Pro back.";
// Decision 012: Pro bought in a store is managed there (docs/product/screens.md#settings, native text).
export const MANAGE_IN_APP_STORE = "Manage your subscription in the App Store";
export const MANAGE_IN_GOOGLE_PLAY = "Manage your subscription in Google Play";
// Decision 013: inside the app a Stripe-billed subscription is managed
// on the web; named, not linked (store rules: no way out to a web payment from the app).
export const MANAGE_ON_WEB = "Manage your subscription on the web at eventflow.app";
export const STORE_SYNC_FAILED = "Could not check your purchases. Please try again.";
// docs/product/messages.md#subscription-and-profile: the native Subscribe Now / Restore Purchases
// (decision 013, in-app purchases).
export const AUTH_ERROR = "Authentication error. Please sign in again.";
export const NO_PACKAGES = "No subscription packages available";
export const PURCHASE_FAILED = "Failed to complete purchase";
export const RESTORE_ONLY_ON_MOBILE = "Restore is only available on mobile devices";
export const NO_ACTIVE_SUBSCRIPTIONS = "No active subscriptions found";
export const RESTORE_FAILED = "Failed to restore purchases";
export const PURCHASES_RESTORED = "Purchases restored!";
// Ours (decision 013 (in-app purchases)): the store took the payment but RevenueCat, read by our
// server, does not show Pro yet; its webhook will, and Restore Purchases asks again.
export const PURCHASE_NOT_CONFIRMED = "The store has not confirmed your purchase yet. Try Restore Purchases in a moment.";
// docs/product/screens.md#subscription-screen, native: the renewal text; Google Play's for Android (decision 012's wording).
export const RENEWS_APP_STORE = "Renews automatically, cancel anytime in App Store";
export const RENEWS_GOOGLE_PLAY = "Renews automatically, cancel anytime in Google Play";
