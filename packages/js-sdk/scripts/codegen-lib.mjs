// Pure functions of the codegen: the tool registry (schemas/tools.json) in, TypeScript source out.

export const pascal = (name) => name.split(/[_-]/).map((part) => part[0].toUpperCase() + part.slice(1)).join("");
export const camel = (name) => {
  const p = pascal(name);
  return p[0].toLowerCase() + p.slice(1);
};
export const literal = (value) => JSON.stringify(value);

function field(entry, key, what) {
  if (entry[key] === undefined) throw new Error(`tool ${literal(entry.name)} has no ${what} (${key})`);
  return entry[key];
}

/** Reads one registry entry of schemas/tools.json (name, description, parameters, result, http). */
export function readTool(entry) {
  if (typeof entry?.name !== "string" || !/^[a-z][a-z0-9_]*$/.test(entry.name)) {
    throw new Error(`a tool entry has no valid name: ${literal(entry?.name)}`);
  }
  const route = field(entry, "http", "REST route");
  const method = String(route.method ?? "").toUpperCase();
  const path = String(route.path ?? "");
  if (!method || !path) throw new Error(`tool ${literal(entry.name)} has no REST route`);
  const parameters = field(entry, "parameters", "parameters");
  if (parameters?.type !== "object") throw new Error(`tool ${literal(entry.name)}: parameters must be an object schema`);
  return {
    name: entry.name,
    description: String(field(entry, "description", "description")),
    parameters,
    result: String(field(entry, "result", "result kind")),
    method,
    path,
  };
}

function resolveRef(schema, defs) {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/(\$defs|definitions)\//, "");
  if (!defs[name]) throw new Error(`unresolved $ref ${schema.$ref}`);
  return { ...defs[name], ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$ref")) };
}

/** The zod expression of one JSON Schema value (no optionality, no description). */
export function zodOfValue(raw, defs = {}) {
  const schema = resolveRef(raw, defs);
  // An object's own anyOf lists groups of required keys (see requiredGroups), not alternatives.
  if (Array.isArray(schema.anyOf) && schema.type !== "object") {
    const variants = schema.anyOf.map((s) => resolveRef(s, defs));
    const nonNull = variants.filter((s) => s.type !== "null");
    const nullable = nonNull.length < variants.length;
    const base = nonNull.length === 1 ? zodOfValue(nonNull[0], defs) : `z.union([${nonNull.map((s) => zodOfValue(s, defs)).join(", ")}])`;
    return nullable ? `${base}.nullable()` : base;
  }
  if (Array.isArray(schema.enum)) {
    if (schema.enum.every((v) => typeof v === "string")) return `z.enum([${schema.enum.map(literal).join(", ")}])`;
    return `z.union([${schema.enum.map((v) => `z.literal(${literal(v)})`).join(", ")}])`;
  }
  if (schema.const !== undefined) return `z.literal(${literal(schema.const)})`;
  switch (schema.type) {
    case "string": {
      let out = "z.string()";
      if (schema.minLength !== undefined) out += `.min(${schema.minLength})`;
      if (schema.maxLength !== undefined) out += `.max(${schema.maxLength})`;
      if (schema.pattern !== undefined) out += `.regex(new RegExp(${literal(schema.pattern)}))`;
      return out;
    }
    case "integer":
    case "number": {
      let out = schema.type === "integer" ? "z.number().int()" : "z.number()";
      if (schema.minimum !== undefined) out += `.min(${schema.minimum})`;
      if (schema.maximum !== undefined) out += `.max(${schema.maximum})`;
      if (schema.exclusiveMinimum !== undefined) out += `.gt(${schema.exclusiveMinimum})`;
      if (schema.exclusiveMaximum !== undefined) out += `.lt(${schema.exclusiveMaximum})`;
      return out;
    }
    case "boolean":
      return "z.boolean()";
    case "array":
      return `z.array(${schema.items ? zodOfValue(schema.items, defs) : "z.unknown()"})`;
    case "object":
      return zodOfObject(schema, defs);
    default:
      throw new Error(`unsupported JSON Schema: ${literal(schema)}`);
  }
}

/** `anyOf: [{required: [a]}, {required: [b]}]` at object level: at least one group must be present. */
function requiredGroups(schema) {
  const groups = schema.anyOf ?? [];
  if (!groups.every((g) => Array.isArray(g.required) && Object.keys(g).length === 1)) {
    throw new Error(`unsupported object-level anyOf: ${literal(groups)}`);
  }
  return groups.map((g) => g.required);
}

/** The zod object of an object schema: strict when additionalProperties is false. */
export function zodOfObject(schema, defs = {}) {
  // A map with free keys (`additionalProperties` a schema or true, no named properties): a record.
  if (!schema.properties && schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    const values = schema.additionalProperties === true ? "z.unknown()" : zodOfValue(schema.additionalProperties, defs);
    return `z.record(z.string(), ${values})`;
  }
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, prop]) => {
    let expr = zodOfValue(prop, defs);
    if (!required.has(key)) expr += ".optional()";
    if (prop.description) expr += `.describe(${literal(prop.description)})`;
    return `  ${literal(key)}: ${expr},`;
  });
  let out = fields.length ? `z.object({\n${fields.join("\n")}\n})` : "z.object({})";
  if (schema.additionalProperties === false) out += ".strict()";
  const groups = requiredGroups(schema);
  if (groups.length) {
    const test = groups.map((keys) => keys.map((k) => `value[${literal(k)}] != null`).join(" && ")).join(" || ");
    const message = `give at least one of ${groups.map((keys) => keys.join(" and ")).join(" or ")}`;
    out += `.refine((value) => ${test}, { message: ${literal(message)} })`;
  }
  if (Number.isInteger(schema.minProperties) && schema.minProperties > 0) {
    const keys = Object.keys(schema.properties ?? {});
    const message = `give at least ${schema.minProperties} of ${keys.join(", ")}`;
    out += `.refine((value) => Object.values(value).filter((v) => v != null).length >= ${schema.minProperties}, ` +
      `{ message: ${literal(message)} })`;
  }
  return out;
}

/** Every tool of the registry (schemas/tools.json), read and checked, in registry order. */
export function readRegistry(registry) {
  const entries = Array.isArray(registry) ? registry : registry?.tools;
  if (!Array.isArray(entries) || entries.length === 0) throw new Error("the registry lists no tools");
  return entries.map(readTool);
}

/** The whole generated module, byte for byte deterministic for one registry. */
export function renderToolsModule(registry) {
  const tools = readRegistry(registry);
  const lines = [
    "// GENERATED by scripts/codegen.mjs from schemas/tools.json: do not edit by hand.",
    "// Regenerate with `npm run codegen -w browsy-ai`; a test fails when this file drifts.",
    'import { z } from "zod";',
    "",
  ];
  for (const tool of tools) {
    lines.push(`/** Parameters of \`browsy_${tool.name}\`. */`);
    lines.push(`export const ${pascal(tool.name)}Params = ${zodOfObject(tool.parameters, tool.parameters.$defs ?? {})};`);
    lines.push(`export type ${pascal(tool.name)}Input = z.input<typeof ${pascal(tool.name)}Params>;`);
    lines.push("");
  }
  lines.push("/** Every tool of the registry, in registry order. */");
  lines.push("export const TOOL_REGISTRY = [");
  for (const tool of tools) {
    const jsonSchema = JSON.stringify(tool.parameters);
    lines.push("  {");
    lines.push(`    tool: ${literal(tool.name)},`);
    lines.push(`    name: ${literal(`browsy_${tool.name}`)},`);
    lines.push(`    method: ${literal(camel(tool.name))},`);
    lines.push(`    description: ${literal(tool.description)},`);
    lines.push(`    schema: ${pascal(tool.name)}Params,`);
    lines.push(`    jsonSchema: ${jsonSchema} as Record<string, unknown>,`);
    lines.push(`    result: ${literal(tool.result)},`);
    lines.push(`    http: { method: ${literal(tool.method)}, path: ${literal(tool.path)} },`);
    lines.push("  },");
  }
  lines.push("] as const;");
  lines.push("");
  lines.push("/** Parameter types of each tool, by registry name. */");
  lines.push("export interface ToolInputs {");
  for (const tool of tools) lines.push(`  ${tool.name}: ${pascal(tool.name)}Input;`);
  lines.push("}");
  lines.push("");
  return lines.join("\n");
}
