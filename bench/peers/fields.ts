import type { ToolSearchDoc } from "../../src/types.js";

/**
 * The field layout every peer indexes, one string per field, built from the same
 * `ToolSearchDoc`s toolsift ranks on. `name` is the tool id as is: each peer splits it (or
 * not) with its own tokenizer, which is part of what is compared.
 */
export interface PeerDoc {
  id: string;
  name: string;
  aliases: string;
  tags: string;
  description: string;
  params: string;
}

export const PEER_FIELDS = ["name", "aliases", "tags", "description", "params"] as const;

/** Field boosts for every peer, mirroring toolsift's field weights (docs/analyzer.md §A5). */
export const PEER_BOOSTS = { name: 3, aliases: 2, tags: 2, description: 1, params: 0.5 } as const;

export function toPeerDoc(doc: ToolSearchDoc): PeerDoc {
  return {
    id: doc.id,
    name: doc.id,
    aliases: doc.aliases.join("\n"),
    tags: doc.tags.join("\n"),
    description: doc.description ?? "",
    params: (doc.params ?? []).map((param) => `${param.name} ${param.description ?? ""}`.trim()).join("\n"),
  };
}
