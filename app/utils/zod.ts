import { z } from "zod";

// Every module that can reach the browser imports zod from here (*.server.ts need not:
// workerd never allows eval), so this runs before any schema exists:
// zod 4 probes `new Function("")` when it builds an object schema, to decide whether to
// compile a fast parser. Under the app's CSP (no 'unsafe-eval') that probe is refused
// and reported as a violation (Lighthouse best practices). Jitless
// skips the probe; workerd never allows eval anyway, so the server loses nothing.
z.config({ jitless: true });

export { z };
