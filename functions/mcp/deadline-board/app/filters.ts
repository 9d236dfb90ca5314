/**
 * The filter controls and the tool arguments they stand for. One choice per control (the tool takes lists:
 * arguments the host passed that the controls cannot show are kept as an extra option, so they survive a refresh).
 */
import type { BoardOptions } from "../board-options.ts";
import { h } from "./dom.ts";

/** Put into the bundle at build time from the project's own field and tier lists (board-options.ts). */
declare const BOARD_OPTIONS: BoardOptions;

export type ToolArguments = Record<string, unknown>;

const RANK_KEYS = ["ccf_rank", "core_rank", "qualis_rank"] as const;

function select(
  name: string,
  label: string,
  options: readonly { value: string; label: string }[],
): HTMLElement {
  return h(
    "label",
    {},
    h("span", {}, label),
    h("select", { name }, ...options.map((option) => h("option", { value: option.value }, option.label))),
  );
}

export function filterForm(): HTMLFormElement {
  return h(
    "form",
    { class: "filters" },
    select("within_days", "Within", BOARD_OPTIONS.windows),
    select("field", "Field", [{ value: "", label: "Any field" }, ...BOARD_OPTIONS.fields]),
    select("rank", "Rank", [
      { value: "", label: "Any venue" },
      { value: "ranked_only", label: "Any rank" },
      ...BOARD_OPTIONS.ranks,
    ]),
    h(
      "label",
      { class: "check" },
      h("input", { type: "checkbox", name: "estimates", checked: "" }),
      h("span", {}, "Estimates"),
    ),
  ) as HTMLFormElement;
}

const control = <T extends HTMLElement>(form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as T;

/** Selects `value`, adding it as an option first when the list lacks it. */
function choose(selectElement: HTMLSelectElement, value: string, label = value): void {
  if (![...selectElement.options].some((option) => option.value === value)) {
    selectElement.append(h("option", { value }, label));
  }
  selectElement.value = value;
}

/** The controls' current choice as the tool's arguments. */
export function argumentsOf(form: HTMLFormElement): ToolArguments {
  const args: ToolArguments = {};
  const within = control<HTMLSelectElement>(form, "within_days").value;
  if (within) args.within_days = Number(within);
  const field = control<HTMLSelectElement>(form, "field").value;
  if (field) args.field = field;
  const rank = control<HTMLSelectElement>(form, "rank").value;
  if (rank === "ranked_only") args.ranked_only = true;
  else if (rank) {
    const [key, value] = rank.split("=");
    if (key && value) args[key] = value;
  }
  args.estimates = control<HTMLInputElement>(form, "estimates").checked;
  return args;
}

/** Shows the arguments a tool call was made with. */
export function showArguments(form: HTMLFormElement, args: ToolArguments): void {
  choose(control(form, "within_days"), args.within_days === undefined ? "" : String(args.within_days));
  choose(control(form, "field"), typeof args.field === "string" ? args.field : "");
  const rankKey = RANK_KEYS.find((key) => typeof args[key] === "string" && args[key] !== "");
  const rank = rankKey ? `${rankKey}=${args[rankKey]}` : args.ranked_only === true ? "ranked_only" : "";
  choose(
    control(form, "rank"),
    rank,
    rankKey ? `${rankKey.split("_")[0]?.toUpperCase()} ${args[rankKey]}` : rank,
  );
  control<HTMLInputElement>(form, "estimates").checked = args.estimates !== false;
}
