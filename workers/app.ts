import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, nonceContext } from "../app/context";
import { csrfRefusal, isSameOriginRequest, withOwnOrigin } from "../app/utils/csrf.server";
import { formBodyRefusal } from "../app/utils/form-body.server";
import { applySecurityHeaders, createNonce } from "../app/utils/security-headers.server";
import { stripePageOrigins } from "../app/modules/billing/stripe.server";
import { handleLiveUpgrade, isLiveRequest } from "../app/modules/live/upgrade.server";
import { handleQueue } from "./queues";
import { handleScheduled } from "./scheduled";

export { EventRoom } from "./durable-objects/event-room";
export { UserChannel } from "./durable-objects/user-channel";

/**
 * React Router's handler. Given the build as a function, React Router re-derives its
 * route tables on every request (so development can swap the build); in production the
 * build never changes, so it is loaded and derived once per isolate.
 */
const loadBuild = () => import("virtual:react-router/server-build");
let productionHandler: Promise<RequestHandler> | undefined;
const requestHandler: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      productionHandler ??= loadBuild().then(
        (build) => createRequestHandler(build, import.meta.env.MODE),
        (error: unknown) => {
          productionHandler = undefined; // the next request tries again
          throw error;
        },
      );
      return (await productionHandler)(request, context);
    };

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    const secure = { nonce, dev: import.meta.env.DEV, formTargets: stripePageOrigins(env) };
    if (!isSameOriginRequest(request)) {
      return applySecurityHeaders(request, csrfRefusal(), secure);
    }
    // A post that is not a readable form stops here (415/400), not in an action.
    const notAForm = await formBodyRefusal(request);
    if (notAForm) return applySecurityHeaders(request, notAForm, secure);
    // WebSockets of the live rooms: admitted by the same authorization as the pages.
    const url = new URL(request.url);
    if (isLiveRequest(url)) return handleLiveUpgrade(request, env, ctx);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(nonceContext, nonce);
    const response = await requestHandler(withOwnOrigin(request), context);
    return applySecurityHeaders(request, response, secure);
  },
  async queue(batch, env, _ctx) {
    await handleQueue(batch, env);
  },
  async scheduled(controller, env, _ctx) {
    await handleScheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
