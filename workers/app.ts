import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, nonceContext } from "../app/context";
import { csrfRefusal, isSameOriginRequest, withOwnOrigin } from "../app/utils/csrf.server";
import { applySecurityHeaders, createNonce } from "../app/utils/security-headers.server";
import { handleLiveUpgrade, isLiveRequest } from "../app/modules/live/upgrade.server";
import { handleQueue } from "./queues";
import { handleScheduled } from "./scheduled";

export { EventRoom } from "./durable-objects/event-room";
export { UserChannel } from "./durable-objects/user-channel";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    if (!isSameOriginRequest(request)) {
      return applySecurityHeaders(request, csrfRefusal(), { nonce, dev: import.meta.env.DEV });
    }
    // WebSockets of the live rooms: admitted by the same authorization as the pages.
    const url = new URL(request.url);
    if (isLiveRequest(url)) return handleLiveUpgrade(request, env, ctx);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(nonceContext, nonce);
    const response = await requestHandler(withOwnOrigin(request), context);
    return applySecurityHeaders(request, response, { nonce, dev: import.meta.env.DEV });
  },
  async queue(batch, env, _ctx) {
    await handleQueue(batch, env);
  },
  async scheduled(controller, env, _ctx) {
    await handleScheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
