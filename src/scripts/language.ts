/**
 * The language switch: it keeps the reader's venue or filter (the query string and fragment go with it), and the
 * choice is remembered in localStorage. Nothing ever redirects: a remembered choice, or else the browser's
 * preferred languages (what it sends as Accept-Language), only unhides the small banner offering the page in
 * the other language (its words are in the page, written in that language).
 */
const STORE_KEY = "vd-language";

function remember(language: string): void {
  try {
    localStorage.setItem(STORE_KEY, language);
  } catch {
    // Storage refused (private mode): the switch still works, it is just not remembered.
  }
}

function remembered(): string | null {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}

/** "zh" or "en" from the browser's preferences, in order; null when it names neither. */
function preferred(): string | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "zh" || primary === "en") return primary;
  }
  return null;
}

const here = document.documentElement.lang.toLowerCase().startsWith("zh") ? "zh" : "en";

for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-lang-switch]")) {
  const target = new URL(link.href, location.href);
  // The same venue or filter: the page's own query and fragment (server pages already carry the query).
  if (!target.search) target.search = location.search;
  target.hash = location.hash;
  link.href = target.pathname + target.search + target.hash;
  link.addEventListener("click", () => remember(link.dataset.langSwitch ?? here));
}

const banner = document.querySelector<HTMLElement>("[data-language-suggestion]");
const wanted = remembered() ?? preferred();
if (banner && wanted && wanted !== here && banner.dataset.languageSuggestion === wanted) {
  banner.hidden = false;
  banner.querySelector("[data-language-stay]")?.addEventListener("click", () => {
    remember(here);
    banner.hidden = true;
  });
}
