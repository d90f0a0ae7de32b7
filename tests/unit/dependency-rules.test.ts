import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

// The layers' rules (.dependency-cruiser.cjs, docs/architecture.md#layers) against a small
// tree with one import of each kind: each forbidden one is reported under its rule, type-only
// imports included, and the allowed ones are not (the runner reaches a list through the registry). `npm test` runs the same rules on app/ and
// workers/ (npm run deps:check); this keeps a rule from silently matching nothing.

const config: IConfiguration = createRequire(import.meta.url)("../../.dependency-cruiser.cjs");

const tree: Record<string, string> = {
  "app/root.tsx": `export const loader = () => 1;\n`,
  "app/routes.ts": `import "./root";\n`,
  "app/entry.client.tsx": `import "./root";\n`,
  "app/utils/format.ts": `import type { Row } from "../modules/list/row";\nexport type Shown = Row;\n`,
  "app/components/badge.tsx": `import { row } from "../modules/list/row";\nexport const badge = row;\n`,
  "app/modules/list/row.ts": `export type Row = { id: string };\nexport const row = 1;\n`,
  "app/modules/list/service.ts": `import type { Contract } from "../../../workers/room";\nimport type { loader } from "../../root";\nexport type Both = [Contract, typeof loader];\n`,
  "app/modules/list/eager.ts": `import type { Lazy } from "./lazy";\nexport const eager = 1;\nexport type E = Lazy;\n`,
  "app/modules/list/lazy.ts": `import { eager } from "./eager";\nexport type Lazy = typeof eager;\n`,
  "app/modules/timeline/list.ts": `export const timelineList = 1;\n`,
  "app/modules/lists/registry.ts": `import { timelineList } from "../timeline/list";\nexport const LISTS = { block: timelineList };\n`,
  "app/modules/event/mutations.server.ts": `import { LISTS } from "../lists/registry";\nimport { timelineList } from "../timeline/list";\nexport const both = [LISTS, timelineList];\n`,
  "workers/room.ts": `import { row } from "../app/modules/list/row";\nexport type Contract = typeof row;\n`,
};

const base = mkdtempSync(join(tmpdir(), "layers-"));
for (const [file, text] of Object.entries(tree)) {
  mkdirSync(dirname(join(base, file)), { recursive: true });
  writeFileSync(join(base, file), text);
}
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function violations() {
  const { tsConfig: _projectOnly, ...options } = config.options ?? {};
  const { output } = await cruise(["app", "workers"], { ...options, validate: true, baseDir: base, ruleSet: { forbidden: config.forbidden } });
  return (output as ICruiseResult).summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

describe("the layers' import rules", () => {
  it("report each forbidden import under its rule, type-only ones too, and nothing else", async () => {
    expect(await violations()).toEqual([
      "app-not-to-workers: app/modules/list/service.ts → workers/room.ts",
      "components-not-to-modules: app/components/badge.tsx → app/modules/list/row.ts",
      "no-circular: app/modules/list/eager.ts → app/modules/list/lazy.ts",
      "nothing-to-root: app/modules/list/service.ts → app/root.tsx",
      "runner-knows-no-list: app/modules/event/mutations.server.ts → app/modules/timeline/list.ts",
      "utils-not-to-modules: app/utils/format.ts → app/modules/list/row.ts",
    ]);
  });
});
