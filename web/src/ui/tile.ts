// A figure and its name, as the summary and metrics cards show them.
import { h } from "./dom.js";

export function tile(name: string, value: string): HTMLElement {
  return h("div", { class: "tile" }, h("div", { class: "value" }, value), h("div", { class: "name" }, name));
}
