// The fake Stripe's hosted pages (checkout and billing portal), kept apart from the API
// so the server file reads as Stripe's HTTP boundary. Server-rendered forms only: the
// pages must work without JavaScript (docs/conventions.md#13-accessible-by-default, accessible by default) because
// Playwright and people drive them the same way.

/** @param {unknown} value */
export function escapeHtml(value) {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** @param {number} unitAmount cents */
export function formatPrice(unitAmount) {
  return `$${(unitAmount / 100).toFixed(2)}`;
}

/** @param {number} unixSeconds */
export function formatDate(unixSeconds) {
  return new Date(unixSeconds * 1000).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
}

const styles = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: .5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .price { font-size: 2rem; font-weight: 600; margin: .25rem 0; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }
  button { padding: .6rem 1rem; font-size: 1rem; border-radius: .35rem; border: 1px solid #635bff; background: #635bff; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #635bff; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  .alert { color: #b00020; font-weight: 600; }
  .subscription { border-top: 1px solid #e3e8ee; padding-top: 1rem; margin-top: 1rem; }
  .test-helpers { border: 2px dashed #b26b00; padding: 1rem; margin-top: 1rem; border-radius: .35rem; }
  .test-helpers h3 { margin-top: 0; color: #b26b00; }
  form.inline { display: inline; }
`;

/** @param {{ title: string, body: string, status?: number }} page */
function layout({ title, body }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * @param {{
 *   merchantName: string,
 *   planName: string,
 *   unitAmount: number,
 *   interval: string,
 *   trialDays: number | null,
 *   customerEmail: string | null,
 *   cancelUrl: string,
 *   card?: string,
 *   error?: string,
 * }} checkout
 */
export function renderCheckoutPage({ merchantName, planName, unitAmount, interval, trialDays, customerEmail, cancelUrl, card, error }) {
  const submitLabel = trialDays ? "Start trial" : "Subscribe";
  const body = `
<p>${escapeHtml(merchantName)}</p>
<h1>${escapeHtml(planName)}</h1>
${trialDays ? `<p><strong>${trialDays}-day free trial</strong></p>` : ""}
<p class="price">${escapeHtml(formatPrice(unitAmount))} / ${escapeHtml(interval)}</p>
${trialDays ? `<p>Then ${escapeHtml(formatPrice(unitAmount))} / ${escapeHtml(interval)} after the trial.</p>` : ""}
${customerEmail ? `<p>Customer: <span>${escapeHtml(customerEmail)}</span></p>` : ""}
<form method="post">
  ${error ? `<p class="alert" role="alert" id="card-error">${escapeHtml(error)}</p>` : ""}
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(card ?? "4242 4242 4242 4242")}"${error ? ' aria-invalid="true" aria-describedby="card-error"' : ""}>
  <div class="actions">
    <button type="submit">${submitLabel}</button>
    <a href="${escapeHtml(cancelUrl)}">Cancel</a>
  </div>
</form>`;
  return layout({ title: `${merchantName} – Checkout`, body });
}

/** @param {{ title: string, message: string, link?: { href: string, text: string } }} page */
export function renderMessagePage({ title, message, link }) {
  const body = `
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ""}`;
  return layout({ title, body });
}

/**
 * @typedef {{
 *   id: string,
 *   planName: string,
 *   unitAmount: number,
 *   interval: string,
 *   status: string,
 *   cancelAtPeriodEnd: boolean,
 *   currentPeriodEnd: number,
 *   trialEnd: number | null,
 *   endedAt: number | null,
 * }} PortalSubscription
 */

/** @param {PortalSubscription} subscription */
function describeRenewal(subscription) {
  if (subscription.status === "canceled") return `Ended on ${formatDate(subscription.endedAt ?? subscription.currentPeriodEnd)}`;
  if (subscription.cancelAtPeriodEnd) return `Cancels on ${formatDate(subscription.currentPeriodEnd)}`;
  if (subscription.status === "trialing" && subscription.trialEnd) return `Trial ends on ${formatDate(subscription.trialEnd)}`;
  return `Renews on ${formatDate(subscription.currentPeriodEnd)}`;
}

/**
 * @param {{ merchantName: string, portalPath: string, returnUrl: string, customerEmail: string | null, subscriptions: PortalSubscription[] }} portal
 */
export function renderPortalPage({ merchantName, portalPath, returnUrl, customerEmail, subscriptions }) {
  const items = subscriptions.map((subscription) => {
    const action = `${portalPath}/subscriptions/${encodeURIComponent(subscription.id)}`;
    const live = subscription.status !== "canceled";
    const headingId = `plan-${escapeHtml(subscription.id)}`;
    return `
<section class="subscription" aria-labelledby="${headingId}">
  <h2 id="${headingId}">${escapeHtml(subscription.planName)}</h2>
  <p>${escapeHtml(formatPrice(subscription.unitAmount))} / ${escapeHtml(subscription.interval)}</p>
  <p>Status: <strong>${escapeHtml(subscription.status)}</strong></p>
  <p>${escapeHtml(describeRenewal(subscription))}</p>
  ${
    !live
      ? ""
      : subscription.cancelAtPeriodEnd
        ? `<form method="post" action="${escapeHtml(action)}/renew"><button type="submit">Renew plan</button></form>`
        : `<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit" class="secondary">Cancel plan</button></form>`
  }
  ${
    live
      ? `<div class="test-helpers" role="group" aria-labelledby="${headingId}-helpers">
    <h3 id="${headingId}-helpers">Test helpers (fake Stripe only)</h3>
    <form class="inline" method="post" action="${escapeHtml(action)}/end-period"><button type="submit" class="secondary">End the current period now</button></form>
    <form class="inline" method="post" action="${escapeHtml(action)}/fail-next-payment"><button type="submit" class="secondary">Make the next payment fail</button></form>
  </div>`
      : ""
  }
</section>`;
  });
  const body = `
<p>${escapeHtml(merchantName)}</p>
<h1>Billing</h1>
${customerEmail ? `<p>Signed in as <span>${escapeHtml(customerEmail)}</span></p>` : ""}
${items.length ? items.join("\n") : "<p>No subscriptions.</p>"}
<p class="actions"><a href="${escapeHtml(returnUrl)}">Return to ${escapeHtml(merchantName)}</a></p>`;
  return layout({ title: `${merchantName} – Billing`, body });
}
