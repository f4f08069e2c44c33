// The widget picker example (examples/widget-picker) in Chromium: built by its own
// `npm run build` (toolsift build + vite build), served by `vite preview` on 127.0.0.1, and
// driven by Playwright, which types three requests, checks each pick and its props form,
// and reloads the page in the middle of the run: the run resumes from IndexedDB.
import { join } from "node:path";
import { chromium, type Browser } from "playwright";
import { preview, type PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExample } from "./example-build.js";

let server: PreviewServer;
let browser: Browser;
let url: string;

beforeAll(async () => {
  const example = await buildExample("widget-picker");
  server = await preview({ root: example, configFile: join(example, "vite.config.js"), logLevel: "silent", preview: { port: 0, host: "127.0.0.1", strictPort: false } });
  url = server.resolvedUrls!.local[0]!;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh page of the picker (its own IndexedDB), its errors, and `ask`: a request → the component picked. */
async function openPicker() {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  await page.locator("body[data-ready=true]").waitFor();
  const ask = async (request: string, turns: number) => {
    await page.fill("#request", request);
    await page.click("button[type=submit]");
    await page.locator(`body[data-turns="${turns}"]`).waitFor();
    return page.textContent("#pick-name");
  };
  return { page, errors, ask };
}

describe("the widget picker in Chromium", () => {
  it("picks a component for each of three requests, and a reload mid-run resumes from IndexedDB", async () => {
    const { page, errors, ask } = await openPicker();
    expect(await ask("show monthly revenue as a line over time", 1)).toBe("LineChart");
    expect(await page.locator("#props label").allTextContents()).toEqual(["series", "xLabel", "yLabel", "smooth"]);
    expect(await ask("карта магазинов", 2)).toBe("StoreLocator");

    const menu = await page.textContent("#menu");
    expect(menu).toContain("StoreLocator");
    await page.reload();
    await page.locator("body[data-ready=true]").waitFor();
    expect(await page.getAttribute("body", "data-turns")).toBe("2");
    expect(await page.locator("#history li").allTextContents()).toEqual([
      "show monthly revenue as a line over time → LineChart",
      "карта магазинов → StoreLocator",
    ]);
    expect(await page.textContent("#menu")).toBe(menu);

    expect(await ask("显示销售额的饼图", 3)).toBe("PieChart");
    expect(await page.locator("#history li").count()).toBe(3);
    expect(await page.textContent("#size")).toMatch(/ships toolsift in \d+\.\d kB gzipped/u);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("picks the same component for the same request twice, though the first pick is loaded by then", async () => {
    const { page, errors, ask } = await openPicker();
    expect(await ask("show monthly revenue as a line over time", 1)).toBe("LineChart");
    expect(await ask("show monthly revenue as a line over time", 2)).toBe("LineChart");
    expect(await page.locator("#history li").allTextContents()).toEqual([
      "show monthly revenue as a line over time → LineChart",
      "show monthly revenue as a line over time → LineChart",
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
