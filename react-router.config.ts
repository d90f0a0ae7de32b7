import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Required by @cloudflare/vite-plugin (build fails without it).
    v8_viteEnvironmentApi: true,
    // One middleware chain for cross-cutting rules (security headers now, CSRF and
    // sessions with the accounts issue) instead of per-route checks.
    v8_middleware: true,
  },
} satisfies Config;
