// The skills view: the sample SKILL.md files, the index a session gives the model, one
// activation through a real session, and the replay of its journal after a one-character edit
// of the skill's instructions (answered instructions_changed; the skill's tools still join).
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, openPlayground, test } from "./fixtures.js";

const folders = readdirSync(fileURLToPath(new URL("../fixtures/skills/", import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

test("skills: the index as the model sees it, an activation and an edited replay", async ({ page, requests: _requests }, testInfo) => {
  await openPlayground(page);
  await page.getByRole("tab", { name: "Skills" }).click();
  await expect(page).toHaveURL(/view=skills/);

  // One line per sample file, in id order, each "- id: description".
  const index = (await page.getByTestId("skill-index").textContent()) ?? "";
  const lines = index.split("\n");
  expect(lines.map((line) => /^- ([a-z0-9-]+)/u.exec(line)?.[1])).toEqual(folders);
  expect(lines).toContain("- triage-bug: Triage a bug report and file it as a GitHub issue with labels.");
  const triage = page.locator('.skill-card[data-skill="triage-bug"]');
  await expect(triage.locator(".skill-description")).toHaveText("Triage a bug report and file it as a GitHub issue with labels.");
  await expect(triage.locator(".skill-tools code")).toHaveText(["github__create_issue", "github__add_issue_comment", "github__search_issues"]);

  await page.getByLabel("Skill", { exact: true }).selectOption("triage-bug");
  await page.getByRole("button", { name: "Activate the skill" }).click();
  const activation = page.getByTestId("skill-activation");
  await expect(activation.getByTestId("skill-result")).toHaveAttribute("data-code", "delivered");
  await expect(activation).toContainText("Search for duplicates first.");
  await expect(activation.getByTestId("skill-added")).toHaveText("+3 on the menu: github__create_issue, github__add_issue_comment, github__search_issues");

  // Unchanged instructions replay identically from the journal.
  await page.getByRole("button", { name: "Replay the journal with these instructions" }).click();
  await expect(page.getByTestId("skill-replay").getByTestId("skill-result")).toHaveAttribute("data-code", "delivered");

  await page.getByRole("button", { name: "Edit one character" }).click();
  await expect(page.getByLabel("Its instructions, for the replay")).toHaveValue(/verdict!\s*$/u);
  await page.getByRole("button", { name: "Replay the journal with these instructions" }).click();
  const replay = page.getByTestId("skill-replay");
  await expect(replay.getByTestId("skill-result")).toHaveAttribute("data-code", "instructions_changed");
  await expect(replay).not.toContainText("verdict!");
  await expect(replay).toContainText("The activation stands: its tools joined the menu (github__create_issue, github__add_issue_comment, github__search_issues).");
  await expect(replay).toContainText("The menu: search_tools, activate_skill, reply_to_user, github__create_issue, github__add_issue_comment, github__search_issues");
  await page.screenshot({ path: testInfo.outputPath("skills.png"), fullPage: true });
});

test("agent run: the skills script activates a sample skill and its tools join the menu", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  await page.getByRole("button", { name: "The skills script" }).click();
  await expect(page.getByLabel(/Skills on/u)).toBeChecked();
  await page.getByRole("button", { name: "Run the script" }).click();
  await expect(page.getByTestId("run-result")).toContainText("- triage-bug: Triage a bug report");
  const activation = page.locator(".steps .step").nth(1);
  await expect(activation.getByTestId("skill-result")).toHaveAttribute("data-code", "delivered");
  await expect(activation).toContainText("Search for duplicates first.");
  await expect(page.getByRole("list", { name: "Menu" })).toContainText("activate_skill");
  await expect(page.getByRole("list", { name: "Menu" })).toContainText("github__search_issues");
  await page.getByRole("button", { name: "Replay from the journal" }).click();
  await expect(page.getByTestId("replay-result")).toContainText("Replay identical.");
});
