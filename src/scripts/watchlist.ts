/**
 * Watchlists without an account: a star button on each venue page keeps the venue in localStorage and in a
 * watchlist stored by the server (functions/pages/watchlists.ts). The first star creates it; the browser keeps its
 * id and edit secret, and every later star or unstar replaces its venues under the same id, so the
 * subscription address (/calendar/watch/<id>.ics) and the list page (/watchlist?id=<id>) never change.
 * Names are only ever inserted as text.
 */
interface Starred {
  kind: "conference" | "journal";
  id: string;
  name: string;
}

interface Stored {
  id: string;
  secret: string;
}

const KEY = "venue-directory:watchlist";
const STORED_KEY = "venue-directory:watchlist-id";

function load(): Starred[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter(
          (v): v is Starred =>
            typeof v?.id === "string" &&
            /^\d{1,15}$/.test(v.id) &&
            (v.kind === "conference" || v.kind === "journal"),
        )
      : [];
  } catch {
    return [];
  }
}

function stored(): Stored | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORED_KEY) ?? "null") as Partial<Stored> | null;
    return typeof parsed?.id === "string" && typeof parsed.secret === "string"
      ? { id: parsed.id, secret: parsed.secret }
      : null;
  } catch {
    return null;
  }
}

const idsOf = (list: Starred[], kind: Starred["kind"]) =>
  list.filter((v) => v.kind === kind).map((v) => v.id);

/** Sends the list to the server: creates the watchlist once, then replaces its venues under the same id. */
async function sync(list: Starred[]): Promise<void> {
  const body = JSON.stringify({ conferences: idsOf(list, "conference"), journals: idsOf(list, "journal") });
  const headers: Record<string, string> = { "content-type": "application/json" };
  const current = stored();
  if (current) {
    const res = await fetch(`/watchlists/${current.id}`, {
      method: "PUT",
      headers: { ...headers, "x-watchlist-secret": current.secret },
      body,
    });
    // A watchlist the server no longer holds (a new state store) is created again below.
    if (res.status !== 404) return;
  }
  const res = await fetch("/watchlists", { method: "POST", headers, body });
  if (!res.ok) return;
  const created = (await res.json()) as Stored;
  localStorage.setItem(STORED_KEY, JSON.stringify({ id: created.id, secret: created.secret }));
}

/** Keeps the list in this browser at once, then on the server (a failed sync is retried with the next change). */
function save(list: Starred[]): Promise<void> {
  localStorage.setItem(KEY, JSON.stringify(list));
  return sync(list).catch(() => {});
}

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-star-id]")) {
  const kind = button.dataset.starKind === "journal" ? "journal" : "conference";
  const id = button.dataset.starId ?? "";
  const render = () => {
    const on = load().some((v) => v.kind === kind && v.id === id);
    button.setAttribute("aria-pressed", String(on));
    // The page's own words (WatchButton.astro writes them from the message files): a Chinese page says 已关注.
    button.textContent = (on ? button.dataset.watching : button.dataset.watch) ?? button.textContent;
  };
  button.hidden = false;
  render();
  button.addEventListener("click", () => {
    const list = load();
    const at = list.findIndex((v) => v.kind === kind && v.id === id);
    if (at >= 0) list.splice(at, 1);
    else list.push({ kind, id, name: button.dataset.starName ?? id });
    const saved = save(list);
    render();
    button.disabled = true;
    saved.finally(() => {
      button.disabled = false;
    });
  });
}

// The list page is rendered by the server for a watchlist id: open this browser's own when none is asked for.
const page = document.querySelector<HTMLElement>("#watchlist[data-watchlist-page]");
if (page && !new URLSearchParams(location.search).has("id")) {
  const current = stored();
  if (current) location.replace(`/watchlist?id=${encodeURIComponent(current.id)}`);
  else if (load().length > 0)
    save(load()).then(() => {
      const created = stored();
      if (created) location.replace(`/watchlist?id=${encodeURIComponent(created.id)}`);
    });
}

// A module, so its names stay out of the global scope.
export {};
