/**
 * Country names from free-text places, one normaliser for every source and for the merge, so the same country
 * is always spelled the same way ("U.S.A.", "Pennsylvania", "United States" → "USA").
 */

// Countries, matched by their English names from ICU plus the spellings the sources use. Canonical names
// follow the reference service's usage ("USA", "UK", "Czech Republic").
const CANONICAL: Record<string, string> = {
  "United States": "USA",
  "United Kingdom": "UK",
  "United Arab Emirates": "UAE",
  "Hong Kong SAR China": "Hong Kong",
  "Macao SAR China": "Macao",
  Türkiye: "Turkey",
  Czechia: "Czech Republic",
  "Myanmar (Burma)": "Myanmar",
  "Bosnia & Herzegovina": "Bosnia and Herzegovina",
  "Cape Verde": "Cabo Verde",
};
const ALIASES: Record<string, string> = {
  usa: "US",
  us: "US",
  "united states of america": "US",
  "united state": "US",
  america: "US",
  eeuu: "US",
  uk: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "great britain": "GB",
  britain: "GB",
  "united kindom": "GB",
  korea: "KR",
  "s korea": "KR",
  "republic of korea": "KR",
  uae: "AE",
  turkey: "TR",
  "czech republic": "CZ",
  "hong kong": "HK",
  "hong kong sar": "HK",
  macau: "MO",
  macao: "MO",
  netherland: "NL",
  holland: "NL",
  myanmar: "MM",
  "cabo verde": "CV",
};
// US states are often the last part of a US place ("Salt Lake City, Utah"). Georgia is left to the country.
const US_STATES = (
  "alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho illinois " +
  "indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri " +
  "montana nebraska nevada new_hampshire new_jersey new_mexico new_york north_carolina north_dakota ohio oklahoma " +
  "oregon pennsylvania rhode_island south_carolina south_dakota tennessee texas utah vermont virginia washington " +
  "west_virginia wisconsin wyoming"
)
  .split(" ")
  .map((state) => state.replace(/_/g, " "));
// Postal codes ("San Francisco, CA") count only as a whole part: as a trailing word they are too often English.
const US_POSTAL_CODES = new Set(
  "dc al ak az ar ca co ct de fl hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy".split(
    " ",
  ),
);

function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[.'’()]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^the /, "");
}

let countryIndex: Map<string, string> | undefined;

function countries(): Map<string, string> {
  if (countryIndex) return countryIndex;
  const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
  const nameOf = (code: string) => {
    const name = regionNames.of(code) ?? code;
    return CANONICAL[name] ?? name;
  };
  const index = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = regionNames.of(code);
      if (name && name !== code && !["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB"].includes(code)) {
        index.set(placeKey(name), nameOf(code));
      }
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) index.set(alias, nameOf(code));
  for (const state of US_STATES) if (!index.has(state)) index.set(state, nameOf("US"));
  for (const code of US_POSTAL_CODES) index.set(`postal:${code}`, nameOf("US"));
  countryIndex = index;
  return index;
}

function matchCountry(name: string): string | null {
  const whole = placeKey(name);
  const postal = countries().get(`postal:${whole}`);
  if (postal) return postal;
  const words = whole.split(" ");
  // The whole text first, then its last words ("Florida USA", "Vancouver BC Canada").
  for (let take = words.length; take >= 1; take--) {
    const found = countries().get(words.slice(-take).join(" "));
    if (found) return found;
  }
  return null;
}

/**
 * A country name normalised ("U.S.A." → "USA", "Pennsylvania" → "USA"), or null if the text is not one. A
 * parenthesised remark is ignored ("Turkey (Online)") unless only it names the country ("Bilbao (Spain)").
 */
export function countryName(name: string | null): string | null {
  if (!name) return null;
  return matchCountry(name.replace(/\(.*?\)/g, " ")) ?? matchCountry(name);
}

/**
 * The country of a free-text place: its last comma-separated part, when that reads as a country. A trailing
 * "and online" / "& Virtual" is not part of the place.
 */
export function countryFromPlace(place: string | null): string | null {
  const physical = place?.replace(/[\s,;]*(?:\band\b|&|\/)\s*(?:online|virtual|hybrid)\b.*$/i, "");
  const parts = physical?.split(/[,，]/) ?? [];
  return countryName(parts[parts.length - 1]?.trim() ?? null);
}
