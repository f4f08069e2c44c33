import { benchCatalogues, DEFAULT_SIZES, type BenchCatalogue } from "./catalogues.js";
import type { EngineFactory } from "./engine.js";
import { listArgument } from "./harness.js";
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

/**
 * The shared start of a one-operation benchmark script: `--sizes` catalogues and `--engines`
 * (or `names`), with every note about what was skipped printed to stderr.
 */
export async function standaloneSetup(names?: readonly string[]): Promise<{ engines: EngineFactory[]; catalogues: BenchCatalogue[] }> {
  const sizes = (listArgument("sizes") ?? DEFAULT_SIZES.map(String)).map(Number);
  const { engines, notes } = await selectEngines(names ?? listArgument("engines"));
  const { catalogues, skipped } = benchCatalogues(sizes);
  for (const note of [...notes, ...skipped]) console.error(note);
  return { engines, catalogues };
}

/**
 * The start of a child benchmark process: its arguments (`usage` names them, the engine
 * first), or the usage and exit 1 when one is missing; the engine, or exit 1.
 */
export async function childSetup<const Usage extends readonly string[]>(
  script: string,
  usage: Usage,
): Promise<{ factory: EngineFactory; args: { [Index in keyof Usage]: string } }> {
  const args = process.argv.slice(2);
  if (args.length < usage.length) {
    console.error(`usage: ${script} ${usage.map((name) => `<${name}>`).join(" ")}`);
    process.exit(1);
  }
  const name = args[0]!;
  const { engines } = await selectEngines([name], { variants: true });
  const factory = engines.find((engine) => engine.name === name);
  if (factory === undefined) {
    console.error(`${script}: no engine named ${name}`);
    process.exit(1);
  }
  return { factory, args: args as { [Index in keyof Usage]: string } };
}
