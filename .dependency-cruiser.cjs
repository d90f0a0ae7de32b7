/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle ties its files into one unit that loads, tests and changes together.",
      from: { path: "^(app|workers)/" },
      to: { circular: true },
    },
    {
      name: "app-not-to-workers",
      severity: "error",
      comment: "workers/ hosts the app, never the reverse: what both sides share lives in app/ (the room's wire contract in app/modules/live).",
      from: { path: "^app/" },
      to: { path: "^workers/" },
    },
    {
      name: "utils-not-to-modules",
      severity: "error",
      comment: "app/utils is the layer under the modules: it knows no domain.",
      from: { path: "^app/utils/" },
      to: { path: "^app/modules/" },
    },
    {
      name: "components-not-to-modules",
      severity: "error",
      comment: "app/components holds shared UI that knows no domain; a module's own components live in its components/ folder.",
      from: { path: "^app/components/" },
      to: { path: "^app/modules/" },
    },
    {
      name: "nothing-to-root",
      severity: "error",
      comment: "app/root.tsx is the top of the route tree; React Router loads it, and nothing else may.",
      from: { path: "^(app|workers)/", pathNot: "^app/(routes\\.ts|entry\\.(client|server)\\.tsx)$" },
      to: { path: "^app/root\\.tsx$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.react-router|build)/" },
    // Type-only imports count: a type import ties the layers together just as a value import does,
    // and TypeScript's own check would break the same way if the lower layer moved. `true` makes
    // dependency-cruiser read the TypeScript source before compilation, so `import type` edges stay.
    tsPreCompilationDeps: true,
    // The `~/` alias (tsconfig paths) resolves to app/.
    tsConfig: { fileName: "tsconfig.cloudflare.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
