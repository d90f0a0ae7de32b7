// docs/product/messages.md#account: what deleting an account answers. Client-safe.

export const ACCOUNT_DELETED = "Your account has been deleted";
export const NO_FURTHER_CHARGE = "Your subscription was cancelled: no further charge will be made.";
export const PASSWORD_INCORRECT = "Password is incorrect";
export const PASSKEY_NOT_CONFIRMED = "Face ID/Touch ID did not confirm it's you. Try again, or use your password.";
export const USE_PASSKEY = "Use Face ID/Touch ID instead";
export const PASSKEY_CONFIRMED = "Confirmed with Face ID/Touch ID.";
export const ACCOUNT_NOT_DELETED = "Your account was not deleted";
export const STRIPE_UNREACHABLE = "We could not cancel your subscription with Stripe, so nothing was deleted. Please try again in a moment.";
