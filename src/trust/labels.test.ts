import { describe, expect, it } from "vitest";
import { LABEL_LIMITS, cutCodeUnits, normalizeLabel, normalizeLabels } from "./labels.js";

describe("normalizeLabel", () => {
  it("applies NFKC, case folding and whitespace collapsing", () => {
    expect(normalizeLabel("  Bill \t the   ＣＵＳＴＯＭＥＲ\n")).toBe("bill the customer");
    expect(normalizeLabel("ПУЛРЕКВЕСТ")).toBe("пулреквест");
    expect(normalizeLabel("ΣΟΦΊΑ")).toBe("σοφία");
  });

  it("turns control and format characters into separators", () => {
    expect(normalizeLabel("bill\u200bthe\u202Ecustomer\u0000now")).toBe("bill the customer now");
  });

  it("drops non-strings and empty labels", () => {
    expect(normalizeLabel(42)).toBeUndefined();
    expect(normalizeLabel("   \u200b  ")).toBeUndefined();
  });

  it("cuts a label to 80 code units without splitting a surrogate pair", () => {
    expect(normalizeLabel("a".repeat(500))).toBe("a".repeat(80));
    const emoji = "a".repeat(79) + "😀";
    expect(normalizeLabel(emoji)).toBe("a".repeat(79));
    expect(cutCodeUnits("ab😀", 3)).toBe("ab");
  });
});

describe("normalizeLabels", () => {
  it("deduplicates after normalization, earlier sources first", () => {
    expect(normalizeLabels(["Billing"], ["billing", " BILLING ", "Invoices"])).toEqual(["billing", "invoices"]);
  });

  it("keeps at most 16 labels per field", () => {
    const many = Array.from({ length: 40 }, (_, i) => `label ${i}`);
    const labels = normalizeLabels(["host"], many);
    expect(labels).toHaveLength(LABEL_LIMITS.perField);
    expect(labels[0]).toBe("host");
  });

  it("ignores non-arrays and non-string entries", () => {
    expect(normalizeLabels("tag", [1, null, { a: 1 }, "ok"])).toEqual(["ok"]);
  });

  it("reads a bounded number of raw entries", () => {
    const reads = { count: 0 };
    const hostile = new Proxy(new Array(1_000_000).fill(""), {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.count++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(normalizeLabels(hostile)).toEqual([]);
    expect(reads.count).toBe(LABEL_LIMITS.maxScanned);
  });
});
