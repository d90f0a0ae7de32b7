import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// E2E runs (scripts/e2e-server.mjs) keep their D1/DO state apart from the developer's.
const persistPath = process.env.EVENT_FLOW_STATE_DIR;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: persistPath ? { path: persistPath } : true,
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
