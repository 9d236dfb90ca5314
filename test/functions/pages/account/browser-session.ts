/**
 * A browser as the account-page tests need one over real HTTP: a cookie jar fed by Set-Cookie, one client address
 * (X-Forwarded-For, the service trusts one proxy), forms read from the pages and posted back URL-encoded.
 */
import type { TestService } from "../../../helpers/accounts-service.ts";

export interface Page {
  res: Response;
  status: number;
  html: string;
  /** The CSRF token of the page's first form. */
  csrf: string | null;
}

export class BrowserSession {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly service: Pick<TestService, "fetch">,
    readonly ip: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return { ...(cookie ? { cookie } : {}), ...extra };
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async page(res: Response): Promise<Page> {
    this.keep(res);
    const html = await res.text();
    return { res, status: res.status, html, csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? null };
  }

  async get(path: string): Promise<Page> {
    const res = await this.service.fetch(path, { ip: this.ip, headers: this.headers(), redirect: "manual" });
    return this.page(res);
  }

  /** Posts `fields` (the csrf of `from` added unless `fields` has one) as a browser on this site would. */
  async post(
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Page> {
    const res = await this.service.fetch(path, {
      ip: this.ip,
      method: "POST",
      redirect: "manual",
      headers: this.headers({
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://venues.test",
        ...headers,
      }),
      body: new URLSearchParams(fields).toString(),
    });
    return this.page(res);
  }

  /** Posts `fields` to `action` with the CSRF token of `from`, the page the form was read from ("" where it has none). */
  postFrom(from: Page, action: string, fields: Record<string, string> = {}): Promise<Page> {
    return this.post(action, { csrf: from.csrf ?? "", ...fields });
  }

  /** Loads `path`, then posts its form with `fields`. */
  async submit(path: string, fields: Record<string, string>, action = path): Promise<Page> {
    const form = await this.get(path);
    if (!form.csrf) throw new Error(`${path} has no form token (status ${form.status})`);
    return this.post(action, { csrf: form.csrf, ...fields });
  }
}

/** The one link of `path` in a mail's plain text, as a path on the test server. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https://venues\\.test(${path.replace("?", "\\?")}[^\\s]*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}
