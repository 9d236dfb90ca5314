/** Display formats shared by pages and Markdown renditions (the build is in English, times in UTC). */

import { escapeHtml } from "../../render/html.ts";

export { formatDate, formatUtc } from "../../render/html.ts";

/** A link to put in a message (`tHtml`): its address and text escaped, the text the address unless given. */
export const linkHtml = (path: string, text = path) =>
  `<a href="${escapeHtml(path)}">${escapeHtml(text)}</a>`;

/** Code to put in a message (`tHtml`), escaped. */
export const codeHtml = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** 0.2366 → "23.7 %". */
export function formatPercent(fraction: number | null): string {
  return fraction === null ? "—" : `${(fraction * 100).toFixed(1)} %`;
}

export function formatNumber(value: number | null, digits = 0): string {
  return value === null ? "—" : value.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** 2973284 → "2.8 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["kB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** "camera_ready" → "Camera ready". */
export const humanize = (text: string) => {
  const spaced = text.replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};
