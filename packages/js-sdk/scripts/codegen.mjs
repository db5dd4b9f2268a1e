#!/usr/bin/env node
// Generates src/generated/tools.ts (zod schemas, descriptions, REST routes) from the repository's
// schemas/tools.json, which the Python server writes from the engine's tool registry.
//
//   node scripts/codegen.mjs            write src/generated/tools.ts
//   node scripts/codegen.mjs --check    exit 1 when src/generated/tools.ts is out of date
//   node scripts/codegen.mjs --source F read the registry from F instead of schemas/tools.json
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { renderToolsModule } from "./codegen-lib.mjs";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const defaultSource = resolve(packageDir, "../../schemas/tools.json");
const target = resolve(packageDir, "src/generated/tools.ts");

function main(argv) {
  const check = argv.includes("--check");
  const sourceAt = argv.indexOf("--source");
  const source = sourceAt >= 0 ? resolve(argv[sourceAt + 1]) : defaultSource;
  if (!existsSync(source)) {
    console.error(`codegen: ${source} does not exist (generate it with \`browsy schemas\`)`);
    return 2;
  }
  let registry;
  try {
    registry = JSON.parse(readFileSync(source, "utf8"));
  } catch (error) {
    console.error(`codegen: ${source} is not valid JSON: ${error.message}`);
    return 2;
  }
  let generated;
  try {
    generated = renderToolsModule(registry);
  } catch (error) {
    console.error(`codegen: ${error.message}`);
    return 2;
  }
  const current = existsSync(target) ? readFileSync(target, "utf8") : "";
  if (check) {
    if (current !== generated) {
      console.error(
        "codegen: src/generated/tools.ts is out of date with schemas/tools.json; run `npm run codegen -w browsy-ai`",
      );
      return 1;
    }
    console.log("codegen: src/generated/tools.ts is up to date");
    return 0;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, generated);
  console.log(`codegen: wrote ${target}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
