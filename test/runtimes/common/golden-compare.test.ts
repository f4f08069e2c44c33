// The comparison every runtime test relies on must notice a change in any single score,
// including one in the last bit, and a change of order or id.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { goldenDifference } from "./cases.js";

const golden = readFileSync(new URL("../golden.json", import.meta.url), "utf8");

function mutateFirstScore(text: string, change: (score: number) => number): string {
  const match = /,(-?\d[\d.e+-]*)\]/.exec(text.split("\n").slice(1).join("\n"))!;
  const score = Number(match[1]);
  return text.replace(`,${match[1]}]`, `,${JSON.stringify(change(score))}]`);
}

describe("golden comparison", () => {
  it("accepts the golden itself", () => {
    expect(goldenDifference(golden, golden)).toBeNull();
  });

  it("rejects a copy with one score changed in its last bit", () => {
    const view = new DataView(new ArrayBuffer(8));
    const nextUp = (score: number) => {
      view.setFloat64(0, score);
      view.setBigUint64(0, view.getBigUint64(0) + 1n);
      return view.getFloat64(0);
    };
    const changed = mutateFirstScore(golden, nextUp);
    expect(changed).not.toBe(golden);
    expect(goldenDifference(changed, golden)).toMatch(/golden mismatch: 1 of \d+ lines differ .*; first at line 2\n/);
  });

  it("rejects a copy with two hits swapped or an id changed", () => {
    const swapped = golden.replace(
      /\["github__create_pull_request",([^\]]+)\],\["github__merge_pull_request",([^\]]+)\]/,
      '["github__merge_pull_request",$2],["github__create_pull_request",$1]',
    );
    expect(swapped).not.toBe(golden);
    expect(goldenDifference(swapped, golden)).not.toBeNull();
    expect(goldenDifference(golden.replace("browser__browserOpen", "browser__browserOpem"), golden)).not.toBeNull();
  });
});
