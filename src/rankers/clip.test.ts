import { describe, expect, it } from "vitest";
import { clipHits } from "./clip.js";

describe("clipHits", () => {
  it("reads only the first `ask` entries of a 10,000-hit list", () => {
    let reads = 0;
    const hits = Array.from({ length: 10_000 }, (_, i) => ({
      get id() {
        reads++;
        return `t${i}`;
      },
    }));
    const result = clipHits(() => hits, 7, () => true);
    expect(result).toEqual({ ok: true, ids: ["t0", "t1", "t2", "t3", "t4", "t5", "t6"], full: true });
    expect(reads).toBe(7);
  });

  it("intersects with the admitted set and drops repeats and garbage", () => {
    const output = [{ id: "a" }, { id: "outside" }, { id: "a" }, null, "b", { id: 3 }, { id: "b" }];
    const result = clipHits(() => output, 10, (id) => id === "a" || id === "b");
    expect(result).toEqual({ ok: true, ids: ["a", "b"], full: false });
  });

  it("turns a throw, a thenable and a non-list into failures", () => {
    expect(clipHits(() => { throw new Error("x"); }, 5, () => true)).toMatchObject({ ok: false, failure: "threw" });
    expect(clipHits(() => Promise.reject(new Error("late")), 5, () => true)).toMatchObject({ ok: false, failure: "thenable" });
    expect(clipHits(() => ({ length: 3 }), 5, () => true)).toMatchObject({ ok: false, failure: "not_a_list" });
    const throwingGetter = [{ get id(): string { throw new Error("getter"); } }];
    expect(clipHits(() => throwingGetter, 5, () => true)).toMatchObject({ ok: false, failure: "threw" });
  });
});
