// What the fakes of outside services share (tests/fakes/*-server.mjs): JSON answers, the
// request body, and listening on loopback.
import { createServer } from "node:http";

/** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} [body] */
export function json(res, status, body) {
  res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/** @param {import("node:http").IncomingMessage} req @returns {Promise<string>} */
export function readBody(req) {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
  });
}

/**
 * Serves `handler` on 127.0.0.1:`port` (0: any free port).
 * @param {number} port
 * @param {import("node:http").RequestListener} handler
 * @returns {Promise<{ url: string; close: () => Promise<void> }>}
 */
export function listen(port, handler) {
  const server = createServer(handler);
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({ url: `http://127.0.0.1:${address.port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
