import { describe, expect, it } from "vitest";
import { lazyRecord } from "./lazy-record.js";

describe("lazyRecord", () => {
  const make = () => {
    let builds = 0;
    const record = lazyRecord(() => {
      builds++;
      const entries: Record<string, readonly string[]> = Object.create(null);
      entries["пулреквест"] = ["pull", "request"];
      entries["таска"] = ["task"];
      return entries;
    });
    return { record, builds: () => builds };
  };

  it("builds nothing until it is read, then once", () => {
    const { record, builds } = make();
    expect(builds()).toBe(0);
    expect(record["таска"]).toEqual(["task"]);
    expect(builds()).toBe(1);
    expect(Object.keys(record)).toEqual(["пулреквест", "таска"]);
    expect(builds()).toBe(1);
  });

  it("reads as the frozen record it builds, prototype included", () => {
    const { record } = make();
    expect(Object.isFrozen(record)).toBe(true);
    expect("пулреквест" in record).toBe(true);
    expect("constructor" in record).toBe(false);
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect({ ...record }).toEqual({ пулреквест: ["pull", "request"], таска: ["task"] });
    expect(Object.entries(record)).toHaveLength(2);
  });

  it("refuses writes like a frozen object", () => {
    const { record } = make();
    expect(() => {
      (record as Record<string, readonly string[]>)["new"] = ["x"];
    }).toThrow(TypeError);
    expect(() => delete (record as Record<string, readonly string[]>)["таска"]).toThrow(TypeError);
    expect(record["new"]).toBeUndefined();
  });
});
