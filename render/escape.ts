/** HTML escaping, for every text a page prints (the kit's pages, messages with HTML placed in them). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
