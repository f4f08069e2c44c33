import type { EngineFactory } from "./engine.js";
import { toolsiftEngines } from "./toolsift.js";
import { PEERS } from "../peers/index.js";

/**
 * toolsift (default options, first, when it loads) and the five peers, optionally narrowed
 * to `names`. The performance benchmarks leave out toolsift's non-default analyzers unless
 * named, since they share the default's code path.
 */
export async function selectEngines(
  names: readonly string[] | undefined,
  options: { variants?: boolean } = {},
): Promise<{ engines: EngineFactory[]; notes: string[] }> {
  const toolsift = await toolsiftEngines();
  const candidates = [
    ...toolsift.engines.filter((engine) => options.variants || engine.name === "toolsift" || names?.includes(engine.name)),
    ...PEERS,
  ];
  return {
    engines: candidates.filter((engine) => names === undefined || names.includes(engine.name)),
    notes: toolsift.notes,
  };
}
