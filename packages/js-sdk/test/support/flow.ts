/** The fixture site's sign-in flow (login → 2FA code from the inbox → dashboard tables), for any tool caller. */
import { expect } from "vitest";

export const CREDENTIALS = { username: "agent@example.com", password: "correct-horse-battery" };

/** Runs one browsy tool (registry name) with params and returns what a model would read. */
export type CallTool = (tool: string, params: object) => Promise<string>;

export interface Table {
  headers: string[];
  rows: string[][];
}

/** The 6-digit code in the inbox text ("Your verification code is NNNNNN"). */
export function codeIn(page: string): string {
  const match = /verification code is (\d{6})/.exec(page);
  if (!match) throw new Error(`no verification code in:\n${page}`);
  return match[1];
}

/** A click that loads no page answers with what changed (the delta), not the page again; `max_chars` cuts
 * a page into a part that ends with the cursor of the next one. */
export async function expectDeltaAndBudget(call: CallTool, baseUrl: string): Promise<void> {
  const page = await call("browse", { url: `${baseUrl}/behaviors` });
  const menu = /^\[(\d+):button "Menu"/m.exec(page);
  if (!menu) throw new Error(`no Menu button in:\n${page}`);
  const clicked = (await call("click", { id: Number(menu[1]) })).split("\n");
  expect(clicked[1]).toBe("changed:");
  expect(clicked.length).toBeGreaterThan(2);
  for (const line of clicked.slice(2)) expect(line.startsWith("[+")).toBe(true);
  const part = await call("get_page", { max_chars: 300 });
  expect(part.length).toBeLessThanOrEqual(300);
  expect(part).toMatch(/\nmore: .*cursor="[^"]+"/);
}

/** Checks the delta and the budget (expectDeltaAndBudget), then signs in through login and 2FA and returns
 * the dashboard's tables. */
export async function signInAndReadTables(call: CallTool, baseUrl: string): Promise<Table[]> {
  await expectDeltaAndBudget(call, baseUrl);
  const login = await call("browse", { url: `${baseUrl}/login` });
  expect(login).toContain("page_type: Login");
  const info = JSON.parse(await call("page_info", {}));
  expect(info.page_type).toBe("Login");
  expect(info.suggested_actions[0].action).toBe("Login");

  const twoFactor = await call("login", CREDENTIALS);
  expect(twoFactor).toContain("page_type: TwoFactorAuth");

  const code = codeIn(await call("browse", { url: `${baseUrl}/email` }));
  expect(await call("back", {})).toContain("page_type: TwoFactorAuth");

  const dashboard = await call("enter_code", { code });
  expect(dashboard).toContain("page_type: Dashboard");
  expect(dashboard).toContain(`Signed in as ${CREDENTIALS.username}`);
  return JSON.parse(await call("tables", {})) as Table[];
}

/** The dashboard tables the fixture site documents (tests/fixture_site/README.md). */
export function expectDashboardTables(tables: Table[]): void {
  expect(tables.map((t) => t.headers)).toEqual([
    ["Order", "Customer", "Amount", "Status"],
    ["Invoice", "Date", "State"],
  ]);
  expect(tables[0].rows).toHaveLength(4);
  expect(tables[0].rows[0]).toEqual(["1001", "Ada Lovelace", "129.00", "Shipped"]);
  expect(tables[1].rows).toHaveLength(2);
}
