/**
 * The account mails (confirm the address, reset the password, someone signed up with your address) in the site's
 * languages, from the message files (`acct.mail_*`): the self-service sends them in the language of the page the
 * reader used, with links to that language's pages (`/zh/account/verify?token=…`). Like the English ones
 * (accounts/auth/account-mail.ts), they carry no text the requester typed.
 */
import { type AccountMails, bodies, type MailLink } from "../../../accounts/auth/account-mail.ts";
import type { OutgoingMail } from "../../../accounts/mail/types.ts";
import { LOCALES, type Locale, localePath, t } from "../../../render/i18n.ts";

const SERVICE = "Venue Directory";

/** A mail carrying a single-use link (`acct.mail_<kind>_*`): what it is for, the link, how long it works. */
const linkMail =
  (locale: Locale, kind: "verify" | "reset") =>
  (link: MailLink): OutgoingMail => ({
    to: link.to,
    subject: t(locale, `acct.mail_${kind}_subject`, { service: SERVICE }),
    dedupeKey: link.dedupeKey,
    ...bodies([
      t(locale, `acct.mail_${kind}_lead`, { service: SERVICE }),
      link.url,
      t(locale, `acct.mail_${kind}_note`, { valid: link.validFor }),
    ]),
  });

export function accountMailsIn(locale: Locale): AccountMails {
  return {
    verification: linkMail(locale, "verify"),
    reset: linkMail(locale, "reset"),
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
