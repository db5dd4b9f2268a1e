// Pure functions of the codegen: JSON Schema (as openapi.json publishes the answers) in, TypeScript types out.

import { literal } from "./codegen-lib.mjs";

const COMPONENT_REF = /^#\/components\/schemas\/([A-Za-z][A-Za-z0-9]*)$/;
// Names a generated type must not take: they would shadow a global every module uses.
const GLOBAL_NAMES = new Set(["Array", "Boolean", "Date", "Error", "Map", "Number", "Object", "Promise", "Record", "Set", "String"]);

/** The TypeScript name of a `#/components/schemas/X` reference: X itself. */
export function refName(ref) {
  const match = COMPONENT_REF.exec(ref);
  if (!match) throw new Error(`unsupported $ref ${literal(ref)} (only #/components/schemas/<Name>)`);
  return typeName(match[1]);
}

export function typeName(name) {
  if (GLOBAL_NAMES.has(name)) throw new Error(`schema name ${literal(name)} would shadow a JavaScript global`);
  return name;
}

/** `head` and a type after it: a space, or nothing before a type that starts on its own line. */
const typed = (head, type) => (type.startsWith("\n") ? `${head}${type}` : `${head} ${type}`);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name) => (IDENTIFIER.test(name) ? name : literal(name));

/** A JSDoc block (already indented by `indent`), or nothing when there is no text. */
export function docComment(text, indent = "") {
  if (!text) return [];
  const words = String(text).replaceAll("*/", "*\\/").split(/\s+/).filter(Boolean);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && line.length + word.length + 1 > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`];
}

/** `A | B | C`, one alternative per line when that is long. */
function union(types, indent) {
  const unique = [...new Set(types)];
  const line = unique.join(" | ");
  if (unique.length === 1 || line.length <= 80 || line.includes("\n")) return line;
  return unique.map((type) => `\n${indent}  | ${type}`).join("");
}
const arrayOf = (type) => (/^[A-Za-z0-9_[\]]+$/.test(type) ? `${type}[]` : `Array<${type}>`);

/** The TypeScript type of one JSON Schema value; nested objects are inline type literals. */
export function tsType(schema, indent = "") {
  if (schema === true || schema === undefined || (typeof schema === "object" && Object.keys(schema).length === 0)) {
    return "unknown";
  }
  if (typeof schema !== "object" || schema === null) throw new Error(`unsupported JSON Schema: ${literal(schema)}`);
  if (schema.$ref) return refName(schema.$ref);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return union(alternatives.map((s) => tsType(s, indent)), indent);
  if (schema.const !== undefined) return literal(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal), indent);
  if (Array.isArray(schema.type)) return union(schema.type.map((type) => tsType({ ...schema, type }, indent)), indent);
  switch (schema.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return arrayOf(tsType(schema.items, indent));
    case "object":
      return objectType(schema, indent);
    default:
      throw new Error(`unsupported JSON Schema: ${literal(schema)}`);
  }
}

/** The members of an object schema, one line (plus its doc comment) each, at `indent`. */
export function objectMembers(schema, indent) {
  const required = new Set(schema.required ?? []);
  const lines = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    lines.push(...docComment(prop.description, indent));
    lines.push(typed(`${indent}${key(name)}${required.has(name) ? "" : "?"}:`, `${tsType(prop, indent)};`));
  }
  return lines;
}

function objectType(schema, indent) {
  if (!schema.properties) {
    const extra = schema.additionalProperties;
    return `Record<string, ${extra === undefined || extra === true || extra === false ? "unknown" : tsType(extra, indent)}>`;
  }
  const inner = `${indent}  `;
  const members = objectMembers(schema, inner);
  return members.length ? `{\n${members.join("\n")}\n${indent}}` : "Record<string, never>";
}

/** One named schema as an exported declaration: an interface for an object with properties, else a type. */
export function declaration(name, schema) {
  const lines = docComment(schema.description);
  if (schema.type === "object" && schema.properties && !schema.anyOf && !schema.oneOf) {
    lines.push(`export interface ${typeName(name)} {`, ...objectMembers(schema, "  "), "}");
  } else {
    lines.push(typed(`export type ${typeName(name)} =`, `${tsType(schema)};`));
  }
  return lines;
}
