/**
 * Watchlists without an account: a star button on each venue page keeps the venue in localStorage; the
 * "My deadlines" page lists the starred venues and the personal calendar address that encodes them
 * (/calendar/watch.ics?ids=…, served by the server from the latest build). Names are only ever inserted as text.
 */
interface Starred {
  kind: "conference" | "journal";
  id: string;
  name: string;
}

const KEY = "venue-directory:watchlist";

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

const save = (list: Starred[]) => localStorage.setItem(KEY, JSON.stringify(list));

/** The subscription address of the starred conferences (journals have no deadlines in the feed). */
function calendarUrl(list: Starred[]): string {
  const ids = list.filter((v) => v.kind === "conference").map((v) => v.id);
  return `${location.origin}/calendar/watch.ics?ids=${ids.join(",")}`;
}

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-star-id]")) {
  const kind = button.dataset.starKind === "journal" ? "journal" : "conference";
  const id = button.dataset.starId ?? "";
  const render = () => {
    const on = load().some((v) => v.kind === kind && v.id === id);
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "★ Watching" : "☆ Watch";
  };
  button.hidden = false;
  render();
  button.addEventListener("click", () => {
    const list = load();
    const at = list.findIndex((v) => v.kind === kind && v.id === id);
    if (at >= 0) list.splice(at, 1);
    else list.push({ kind, id, name: button.dataset.starName ?? id });
    save(list);
    render();
  });
}

const mine = document.querySelector<HTMLElement>("#watchlist");
if (mine) {
  const list = load();
  const items = document.createElement("ul");
  for (const venue of list) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/${venue.kind}/${venue.id}`;
    link.textContent = venue.name;
    li.append(link, ` (${venue.kind})`);
    items.append(li);
  }
  const url = calendarUrl(list);
  const subscribe = document.querySelector<HTMLElement>("#watch-subscribe");
  if (subscribe) {
    const https = subscribe.querySelector<HTMLAnchorElement>("a.https");
    const webcal = subscribe.querySelector<HTMLAnchorElement>("a.webcal");
    if (https) https.href = https.textContent = url;
    if (webcal) webcal.href = url.replace(/^https?:/, "webcal:");
    subscribe.hidden = list.length === 0;
  }
  mine.replaceChildren(
    list.length === 0
      ? Object.assign(document.createElement("p"), { textContent: "No venue starred yet." })
      : items,
  );
}

// A module, so its names stay out of the global scope.
export {};
