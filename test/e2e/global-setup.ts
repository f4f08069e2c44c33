// Runs once, after the web server started and before any test: a run against a server that is
// not this checkout's build stops here with the reason, instead of failing every test obscurely.
import type { FullConfig } from "@playwright/test";
import { notOwnBuild } from "./own-build.js";

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (baseURL === undefined) throw new Error("playwright.config.ts sets no baseURL");
  const problem = await notOwnBuild(baseURL);
  if (problem !== undefined) throw new Error(problem);
}
