/**
 * The addresses of digest subscriptions and the secrets in them. A confirmation token is random and single-use;
 * only its sha256 is stored. The page to change or stop a subscription, and its one-click unsubscribe (RFC 8058),
 * carry a signature: HMAC-SHA256 of the subscription id under a key generated once and kept in the state store
 * (every instance and the builder agree), so a link cannot be made for someone else's subscription, and nothing
 * secret about it is stored.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { sameSignature, storedSigningKey } from "../../../accounts/auth/signing-key.ts";
import type { SettingStore } from "../../../accounts/store/types.ts";
import { type Locale, localePath } from "../../../render/i18n.ts";

export const SUBSCRIBE_PATH = "/subscribe";
export const CONFIRM_PATH = "/subscribe/confirm";
/** The small script that fills the time zone field from the browser. */
export const ZONE_SCRIPT_PATH = "/subscribe/zone.js";
/** `/subscriptions/<id>?sig=…` (change or stop) and `/subscriptions/<id>/unsubscribe?sig=…` (one click). */
export const MANAGE_PATH = /^\/subscriptions\/([A-Za-z0-9_-]{22})(\/unsubscribe)?$/;
/** The setting that keeps the links' signing key. */
export const LINK_KEY_SETTING = "subscription_link_key";

export const newSubscriptionId = () => randomBytes(16).toString("base64url");
export const newConfirmToken = () => randomBytes(32).toString("base64url");
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SubscriptionLinks {
  manage: string;
  unsubscribe: string;
}

/** Signs and checks the links of subscriptions; the key is read from the store once. */
export function linkSigner(store: Pick<SettingStore, "getOrInitSetting">) {
  const keyOf = storedSigningKey(store, LINK_KEY_SETTING);
  const sign = async (id: string) =>
    createHmac("sha256", await keyOf())
      .update(`subscription:${id}`)
      .digest("base64url");
  return {
    sign,
    /** Whether `sig` is this id's signature. */
    async verify(id: string, sig: string | null): Promise<boolean> {
      return sig ? sameSignature(await sign(id), sig) : false;
    },
    /** The links of a subscription in its language (`/zh/subscriptions/…`); `baseUrl` "" for same-site paths. */
    async links(baseUrl: string, id: string, locale: Locale = "en"): Promise<SubscriptionLinks> {
      const sig = await sign(id);
      return {
        manage: `${baseUrl}${localePath(locale, `/subscriptions/${id}`)}?sig=${sig}`,
        unsubscribe: `${baseUrl}${localePath(locale, `/subscriptions/${id}/unsubscribe`)}?sig=${sig}`,
      };
    },
  };
}

export type LinkSigner = ReturnType<typeof linkSigner>;

/** The headers of every subscription message: one-click unsubscribe (RFC 8058) and its link (RFC 2369). */
export const unsubscribeHeaders = (links: SubscriptionLinks): Record<string, string> => ({
  "List-Unsubscribe": `<${links.unsubscribe}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});
