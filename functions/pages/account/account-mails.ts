/**
 * The account mails (confirm the address, reset the password, someone signed up with your address) in the site's
 * languages, from the message files (`acct.mail_*`): the self-service sends them in the language of the page the
 * reader used, with links to that language's pages (`/zh/account/verify?token=…`). Like the English ones
 * (accounts/auth/account-mail.ts), they carry no text the requester typed.
 */
import { type AccountMails, bodies } from "../../../accounts/auth/account-mail.ts";
import { LOCALES, type Locale, localePath, t } from "../../../render/i18n.ts";

const SERVICE = "Venue Directory";

export function accountMailsIn(locale: Locale): AccountMails {
  return {
    verification: (link) => ({
      to: link.to,
      subject: t(locale, "acct.mail_verify_subject", { service: SERVICE }),
      dedupeKey: link.dedupeKey,
      ...bodies([
        t(locale, "acct.mail_verify_lead", { service: SERVICE }),
        link.url,
        t(locale, "acct.mail_verify_note", { valid: link.validFor }),
      ]),
    }),
    reset: (link) => ({
      to: link.to,
      subject: t(locale, "acct.mail_reset_subject", { service: SERVICE }),
      dedupeKey: link.dedupeKey,
      ...bodies([
        t(locale, "acct.mail_reset_lead", { service: SERVICE }),
        link.url,
        t(locale, "acct.mail_reset_note", { valid: link.validFor }),
      ]),
    }),
    alreadyRegistered: (to, site, dedupeKey) => ({
      to,
      subject: t(locale, "acct.mail_exists_subject", { service: SERVICE }),
      dedupeKey,
      ...bodies([
        t(locale, "acct.mail_exists_lead", { service: SERVICE }),
        t(locale, "acct.mail_exists_login"),
        `${site}/account/login`,
        t(locale, "acct.mail_exists_forgot"),
        `${site}/account/forgot`,
        t(locale, "acct.mail_exists_ignore"),
      ]),
    }),
    duration: (n, unit) =>
      unit === "hour"
        ? t(locale, n === 1 ? "acct.hour" : "acct.hours", { n })
        : t(locale, n === 1 ? "acct.minute" : "acct.minutes", { n }),
  };
}

/** The self-service's `mailLanguage`: every language the site speaks, with its pages' path prefix. */
export function accountMailLanguage(language: string): { mails: AccountMails; pathPrefix: string } | null {
  const locale = LOCALES.find((l) => l === language);
  if (!locale) return null;
  return { mails: accountMailsIn(locale), pathPrefix: localePath(locale, "/").replace(/\/$/, "") };
}
