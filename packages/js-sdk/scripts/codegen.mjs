#!/usr/bin/env node
// Generates src/generated/ from the repository's schemas, which the Python server writes from the engine's
// tool registry (`browsy schemas`):
//   tools.ts           zod schemas, input types, descriptions and REST routes   (schemas/tools.json)
//   results.ts         the answer types of the tools and the error body       (schemas/openapi.json)
//   client-methods.ts  one typed method per tool, the base class of BrowsyClient (both)
//
//   node scripts/codegen.mjs             write the files
//   node scripts/codegen.mjs --check     exit 1 when a file is out of date
//   node scripts/codegen.mjs --source F  read the registry from F instead of schemas/tools.json
//   node scripts/codegen.mjs --openapi F read the REST document from F instead of schemas/openapi.json
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { renderClientModule } from "./codegen-client.mjs";
import { renderToolsModule } from "./codegen-lib.mjs";
import { renderResultsModule } from "./codegen-results.mjs";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const schemasDir = resolve(packageDir, "../../schemas");

/** Generated file (relative to the package) → its text, from the registry and the REST document. */
export function renderAll(registry, openapi) {
  return {
    "src/generated/tools.ts": renderToolsModule(registry),
    "src/generated/results.ts": renderResultsModule(registry, openapi),
    "src/generated/client-methods.ts": renderClientModule(registry, openapi),
  };
}

function readJson(path) {
  if (!existsSync(path)) throw new Error(`${path} does not exist (generate it with \`browsy schemas\`)`);
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${error.message}`);
  }
}

function option(argv, name, fallback) {
  const at = argv.indexOf(name);
  return at >= 0 ? resolve(argv[at + 1]) : fallback;
}

function main(argv) {
  const check = argv.includes("--check");
  let files;
  try {
    const registry = readJson(option(argv, "--source", resolve(schemasDir, "tools.json")));
    const openapi = readJson(option(argv, "--openapi", resolve(schemasDir, "openapi.json")));
    files = renderAll(registry, openapi);
  } catch (error) {
    console.error(`codegen: ${error.message}`);
    return 2;
  }
  const stale = Object.entries(files).filter(([file, text]) => {
    const target = resolve(packageDir, file);
    return !existsSync(target) || readFileSync(target, "utf8") !== text;
  });
  if (check) {
    if (stale.length) {
      const names = stale.map(([file]) => file).join(", ");
      console.error(`codegen: ${names} out of date with schemas/; run \`npm run codegen -w browsy-ai\``);
      return 1;
    }
    console.log(`codegen: ${Object.keys(files).join(", ")} up to date`);
    return 0;
  }
  for (const [file, text] of stale) {
    const target = resolve(packageDir, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    console.log(`codegen: wrote ${target}`);
  }
  if (!stale.length) console.log("codegen: every generated file was up to date");
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
