/**
 * The account mails (confirm the address, reset the password, someone signed up with your address) in the site's
 * languages, from the message files (`acct.mail_*`): the self-service sends them in the language of the page the
 * reader used, with links to that language's pages (`/zh/account/verify?token=…`). Like the English ones
 * (accounts/auth/account-mail.ts), they carry no text the requester typed.
 */
import { type AccountMails, bodies, type MailLink } from "../../../accounts/auth/account-mail.ts";
import type { OutgoingMail } from "../../../accounts/mail/types.ts";
import { LOCALES, type Locale, localePath, type MessageKey, t } from "../../../render/i18n.ts";

const SERVICE = "Venue Directory";

/** The message keys of the mails carrying a single-use link: what each is for, the link, how long it works. */
const LINK_MAILS = {
  verify: {
    subject: "acct.mail_verify_subject",
    lead: "acct.mail_verify_lead",
    note: "acct.mail_verify_note",
  },
  reset: { subject: "acct.mail_reset_subject", lead: "acct.mail_reset_lead", note: "acct.mail_reset_note" },
} as const satisfies Record<string, Record<"subject" | "lead" | "note", MessageKey>>;

const linkMail =
  (locale: Locale, kind: keyof typeof LINK_MAILS) =>
  (link: MailLink): OutgoingMail => {
    const keys = LINK_MAILS[kind];
    return {
      to: link.to,
      subject: t(locale, keys.subject, { service: SERVICE }),
      dedupeKey: link.dedupeKey,
      ...bodies([
        t(locale, keys.lead, { service: SERVICE }),
        link.url,
        t(locale, keys.note, { valid: link.validFor }),
      ]),
    };
  };

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
