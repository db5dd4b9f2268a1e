/** The generated methods of BrowsyClient against the real `browsy serve` (started by a BrowsyContext). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  BrowsyApiError,
  BrowsyClient,
  BrowsyContext,
  type ErrorCode,
  type Page,
  type PageInfo,
  type SpatialElement,
  type Table,
} from "../src/index.js";
import { browsyBin, freePort } from "./support/env.js";
import { startFixtureSite, type FixtureSite } from "./support/fixture-site.js";
import { CREDENTIALS, codeIn, expectDashboardTables } from "./support/flow.js";

let site: FixtureSite;
let ctx: BrowsyContext;
let client: BrowsyClient;

beforeAll(async () => {
  site = await startFixtureSite();
  ctx = new BrowsyContext({ port: await freePort(), allowPrivateNetwork: true, binary: browsyBin(), serverTimeout: 60_000 });
  await ctx.ensureServer();
  client = new BrowsyClient({ port: ctx.port, token: ctx.server.token });
});

afterAll(async () => {
  await ctx?.close();
  await site?.stop();
});

/** The Spatial DOM of a page answer (format json); fails the test on compact text. */
function asPage(body: Page | string): Page {
  if (typeof body === "string") throw new Error(`expected the json page, got text:\n${body}`);
  return body;
}

describe("generated client methods, typed by schemas/openapi.json", () => {
  it("signs in and reads typed page info, elements and tables", async () => {
    const login = await client.browse({ url: `${site.baseUrl}/login`, format: "json" });
    const session = login.session;
    const page: Page = asPage(login.body);
    expect(page.page_type).toBe("Login");
    const [suggested] = page.suggested_actions ?? [];
    if (suggested?.action !== "Login") throw new Error(`no Login action: ${JSON.stringify(page.suggested_actions)}`);
    const username: SpatialElement | undefined = page.els.find((el) => el.id === suggested.username_id);
    expect(username?.tag).toBe("input");

    const info: PageInfo = (await client.pageInfo(session)).body;
    expect(info.page_type).toBe("Login");
    expect(info.pagination).toBeNull();

    const textboxes = (await client.find({ role: "textbox" }, session)).body;
    expect(textboxes.map((el) => el.id)).toContain(suggested.username_id);

    const twoFactor: string = (await client.login(CREDENTIALS, session)).body;
    expect(twoFactor).toContain("page_type: TwoFactorAuth");
    const inbox = await client.browse({ url: `${site.baseUrl}/email` }, session);
    expect(await client.back(session).then((r) => r.body)).toContain("page_type: TwoFactorAuth");
    const dashboard = await client.enterCode({ code: codeIn(String(inbox.body)) }, session);
    expect(dashboard.body).toContain("page_type: Dashboard");

    const tables: Table[] = (await client.tables(session)).body;
    expectDashboardTables(tables);
    const state = (await client.exportState(session)).body;
    expect(state.cookies.map((c) => c.name)).toContain("fx_session");
  });

  it("takes the session alone or params and session when every parameter is optional", async () => {
    const first = await client.browse({ url: `${site.baseUrl}/list?page=2` });
    const compact = await client.getPage(first.session);
    expect(compact.body).toContain(`url: ${site.baseUrl}/list?page=2`);
    const json = asPage((await client.getPage({ format: "json", scope: "visible" }, first.session)).body);
    expect(json.url).toBe(`${site.baseUrl}/list?page=2`);
    expect(json.els.length).toBeGreaterThan(0);
    const info = (await client.pageInfo(first.session)).body;
    expect(info.pagination?.next_id).toEqual(expect.any(Number));
  });

  it("raises BrowsyApiError with the error's code from the body", async () => {
    const error = await client.pageInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowsyApiError);
    const code: ErrorCode | null = (error as BrowsyApiError).code;
    expect(code).toBe("no_page");
    expect((error as BrowsyApiError).status).toBe(404);
  });

  it("runs a batch and answers with the typed batch result", async () => {
    const batch = await client.runActions({
      url: `${site.baseUrl}/articles/1`,
      actions: [{ action: "extract", selector: "h1", name: "title" }],
      format: "none",
    });
    expect(batch.body.ok).toBe(true);
    expect(batch.body.steps[0].page?.url).toBe(`${site.baseUrl}/articles/1`);
    expect(typeof batch.body.extractions.title).toBe("string");
  });
});

// Compile-time checks (`npm run typecheck` covers the tests): each line must be a type error.
export function typeErrors(c: BrowsyClient): void {
  // @ts-expect-error -- an element id is a number
  void c.click({ id: "3" });
  // @ts-expect-error -- url is required
  void c.browse({ format: "json" });
  // @ts-expect-error -- tables takes no parameters
  void c.tables({ max_chars: 10 });
  void c.pageInfo().then((r) => {
    // @ts-expect-error -- page info has no element list
    void r.body.els;
  });
  void c.search({ query: "q" }).then((r) => {
    // @ts-expect-error -- a search hit has a snippet, not a summary
    void r.body[0].summary;
  });
}
