// bench/build.ts `measurePairedBuild`: the order of the interleaved builds and the ratio it
// reports, with build times given instead of measured.
import { describe, expect, it } from "vitest";
import { measurePairedBuild } from "../bench/build.js";
import type { EngineFactory } from "../bench/lib/engine.js";

const factory = (name: string): EngineFactory => ({ name, description: name, create: () => ({ name, build() {}, rank: () => [] }) });

describe("measurePairedBuild", () => {
  it("puts each peer build between two of toolsift's and takes the median of the peer over their mean", () => {
    const ours = factory("toolsift");
    const peer = factory("peer");
    // toolsift drifts 10 → 30 ms; the peer reads 100, 150, 600 between them.
    const times = new Map([
      [ours, [10, 10, 20, 30]],
      [peer, [100, 150, 600]],
    ]);
    const order: string[] = [];
    const result = measurePairedBuild(ours, peer, { docs: [] }, 3, (engine) => {
      order.push(engine.name);
      return times.get(engine)!.shift()!;
    });
    expect(order).toEqual(["toolsift", "peer", "toolsift", "peer", "toolsift", "peer", "toolsift"]);
    // Pairs: 100 / 10 = 10, 150 / 15 = 10, 600 / 25 = 24.
    expect(result).toEqual({ peer: "peer", pairs: 3, ratio: 10, toolsiftMs: 15, peerMs: 150 });
  });
});
