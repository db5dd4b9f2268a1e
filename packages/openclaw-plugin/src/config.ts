/** The plugin's configuration: the options of `openclaw.plugin.json`'s configSchema, read once, with defaults. */
import { readFileSync } from "node:fs";

import { z } from "zod";

/** The plugin manifest shipped beside `dist/` (the one source of the config schema and tool list). */
export const MANIFEST = JSON.parse(
  readFileSync(new URL("../openclaw.plugin.json", import.meta.url), "utf8"),
) as { id: string; name: string; description: string; configSchema: Record<string, unknown>; contracts: { tools: string[] } };

export const PLUGIN_ID = MANIFEST.id;

export const BrowsyPluginConfigSchema = z
  .object({
    port: z.number().int().min(1).max(65535).default(3847),
    autoStart: z.boolean().default(true),
    allowPrivateNetwork: z.boolean().default(false),
    preferBrowsy: z.boolean().default(true),
    serverTimeout: z.number().int().min(100).default(10_000),
  })
  .strict();

export type BrowsyPluginConfig = z.output<typeof BrowsyPluginConfigSchema>;
export type BrowsyPluginConfigInput = z.input<typeof BrowsyPluginConfigSchema>;

/** Parses raw config (undefined means all defaults); a bad value is one clear error. */
export function resolveConfig(raw: unknown): BrowsyPluginConfig {
  const parsed = BrowsyPluginConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "config"}: ${i.message}`).join("; ");
    throw new Error(`invalid ${PLUGIN_ID} config: ${problems}`);
  }
  return parsed.data;
}

/** The config schema in the shape OpenClaw's loader expects (`safeParse` + `jsonSchema`). */
export const openClawConfigSchema = {
  safeParse(value: unknown) {
    const parsed = BrowsyPluginConfigSchema.safeParse(value ?? {});
    return parsed.success
      ? { success: true as const, data: parsed.data }
      : {
          success: false as const,
          error: { issues: parsed.error.issues.map((i) => ({ path: i.path as Array<string | number>, message: i.message })) },
        };
  },
  jsonSchema: MANIFEST.configSchema,
};
