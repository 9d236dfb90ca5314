/**
 * The home page search: sends the form to the REST API (`/api/conferences` or `/api/journals`), shows the
 * results with paging, and keeps the query in the address bar so a search can be shared or reloaded. API data
 * is only ever inserted as text.
 */
interface Pagination {
  total: number;
  total_pages: number;
  page: number;
  per_page: number;
}

interface Envelope {
  code: number;
  message: string;
  data: { conferences?: Row[]; journals?: Row[]; pagination: Pagination } | null;
}

type Row = Record<string, unknown>;
type Kind = "conferences" | "journals";

const PER_PAGE = 20;

const form = document.querySelector<HTMLFormElement>("form#search");
const statusLine = document.querySelector<HTMLElement>("#search-status");
const results = document.querySelector<HTMLElement>("#search-results");
const pager = document.querySelector<HTMLElement>("#search-pager");

const COLUMNS: Record<Kind, [string, (row: Row) => string][]> = {
  conferences: [
    ["Full name", (r) => String(r.full_name ?? "")],
    ["Submission", (r) => String(r.submission_date ?? "—")],
    ["Conference", (r) => String(r.conference_date ?? "—")],
    ["Location", (r) => String(r.location ?? "—")],
    ["CCF", (r) => String(r.ccf_rank || "—")],
    ["CORE", (r) => String(r.core_rank || "—")],
    ["QUALIS", (r) => String(r.qualis_rank || "—")],
  ],
  journals: [
    ["Full name", (r) => String(r.full_name ?? "")],
    ["Publisher", (r) => String(r.publisher ?? "—")],
    ["ISSN", (r) => String(r.issn ?? "—")],
    ["Impact factor", (r) => String(r.impact_factor ?? "—")],
    ["CCF", (r) => String(r.ccf_rank || "—")],
  ],
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function kindOf(value: FormDataEntryValue | null): Kind {
  return value === "journals" ? "journals" : "conferences";
}

/** Only the filters of the chosen kind take part (the other kind's fieldset is disabled). */
function syncKind() {
  if (!form) return;
  const kind = kindOf(new FormData(form).get("kind"));
  for (const fieldset of form.querySelectorAll<HTMLFieldSetElement>("fieldset[data-for]")) {
    const active = fieldset.dataset.for === kind;
    fieldset.hidden = !active;
    fieldset.disabled = !active;
  }
}

function apiParams(page: number): { kind: Kind; params: URLSearchParams } {
  const data = new FormData(form as HTMLFormElement);
  const kind = kindOf(data.get("kind"));
  const params = new URLSearchParams();
  for (const [name, value] of data) {
    if (name !== "kind" && typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
  }
  params.set("page", String(page));
  params.set("per_page", String(PER_PAGE));
  return { kind, params };
}

function showStatus(text: string, isError = false) {
  if (!statusLine) return;
  statusLine.textContent = text;
  statusLine.classList.toggle("error", isError);
}

function renderTable(kind: Kind, rows: Row[]) {
  if (!results) return;
  const table = element("table");
  table.append(element("caption", kind === "conferences" ? "Conferences found" : "Journals found"));
  const head = element("tr");
  for (const title of ["Name", ...COLUMNS[kind].map(([t]) => t)]) {
    const th = element("th", title);
    th.scope = "col";
    head.append(th);
  }
  table.append(element("thead"));
  table.tHead?.append(head);
  const body = element("tbody");
  for (const row of rows) {
    const tr = element("tr");
    const name = element("td");
    const link = element("a", String(row.short_name || row.full_name || row.id));
    link.href = `/${kind === "conferences" ? "conference" : "journal"}/${encodeURIComponent(String(row.id))}`;
    name.append(link);
    tr.append(name, ...COLUMNS[kind].map(([, value]) => element("td", value(row))));
    body.append(tr);
  }
  table.append(body);
  const scroll = element("div");
  scroll.className = "table-scroll";
  scroll.append(table);
  results.replaceChildren(scroll);
}

function renderPager(pagination: Pagination) {
  if (!pager) return;
  pager.replaceChildren();
  if (pagination.total_pages <= 1) return;
  const button = (label: string, page: number, enabled: boolean) => {
    const b = element("button", label);
    b.type = "button";
    b.disabled = !enabled;
    b.addEventListener("click", () => void search(page));
    return b;
  };
  pager.append(
    button("Previous page", pagination.page - 1, pagination.page > 1),
    element("span", `Page ${pagination.page} of ${pagination.total_pages}`),
    button("Next page", pagination.page + 1, pagination.page < pagination.total_pages),
  );
}

async function search(page: number) {
  const { kind, params } = apiParams(page);
  const shown = new URLSearchParams(params);
  shown.delete("per_page");
  shown.set("kind", kind);
  history.replaceState(null, "", `?${shown}`);
  showStatus("Searching…");
  let envelope: Envelope;
  try {
    const response = await fetch(`/api/${kind}?${params}`, { headers: { accept: "application/json" } });
    envelope = (await response.json()) as Envelope;
  } catch {
    showStatus("The search service could not be reached. Try again in a moment.", true);
    return;
  }
  if (envelope.code !== 200 || !envelope.data) {
    results?.replaceChildren();
    pager?.replaceChildren();
    showStatus(envelope.message || `The search failed (code ${envelope.code}).`, true);
    return;
  }
  const rows = envelope.data[kind] ?? [];
  const { pagination } = envelope.data;
  showStatus(
    pagination.total === 0
      ? "No match."
      : `${pagination.total} ${pagination.total === 1 ? "match" : "matches"}, page ${pagination.page} of ${pagination.total_pages}.`,
  );
  renderTable(kind, rows);
  renderPager(pagination);
}

/** Fills the form from the address bar (a shared or reloaded search) and runs it. */
function restore() {
  if (!form) return;
  const params = new URLSearchParams(location.search);
  if (params.size === 0) return;
  for (const [name, value] of params) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
  }
  syncKind();
  void search(Math.max(1, Number(params.get("page")) || 1));
}

if (form) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void search(1);
  });
  form.querySelector("select[name=kind]")?.addEventListener("change", syncKind);
  syncKind();
  restore();
}

// A module, so its names stay out of the global scope.
export {};
