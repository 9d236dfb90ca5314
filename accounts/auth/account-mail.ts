/**
 * The mails of the account's own steps: verify a new address, reset a password, and the note to an address already
 * registered when someone signs up with it again. They carry no text the requester typed (a name, an institution),
 * so a stranger cannot put words of theirs into a mail sent to someone else's address. Each has a plain-text and an
 * HTML body with the same words, and a dedupeKey naming it, so a retried request never sends it twice. These are the
 * English ones; the pages hand the self-service the same mails in the reader's language (AccountMails).
 */
import type { OutgoingMail } from "../mail/types.ts";

export interface MailLink {
  to: string;
  /** The whole link, e.g. https://venues.example.org/account/verify?token=… */
  url: string;
  /** Hours or minutes the link works, in words. */
  validFor: string;
  dedupeKey: string;
}

const SERVICE = "Venue Directory";

/** Paragraphs as plain text and as HTML; a paragraph that is a URL becomes a link. */
export function bodies(paragraphs: readonly string[]): Pick<OutgoingMail, "text" | "html"> {
  const html = paragraphs
    .map((p) =>
      /^https?:\/\/\S+$/.test(p) ? `<p><a href="${encodeURI(p)}">${encodeURI(p)}</a></p>` : `<p>${p}</p>`,
    )
    .join("\n");
  return { text: `${paragraphs.join("\n\n")}\n`, html: `<!doctype html><html><body>${html}</body></html>` };
}

export function verificationMail(link: MailLink): OutgoingMail {
  return {
    to: link.to,
    subject: `Confirm your e-mail address for ${SERVICE}`,
    dedupeKey: link.dedupeKey,
    ...bodies([
      `Someone, probably you, signed up for ${SERVICE} with this address. Open this link to confirm it; then you can create API keys:`,
      link.url,
      `The link works once, for ${link.validFor}. If you did not sign up, ignore this mail: the account stays unconfirmed and can do nothing.`,
    ]),
  };
}

export function resetMail(link: MailLink): OutgoingMail {
  return {
    to: link.to,
    subject: `Reset your ${SERVICE} password`,
    dedupeKey: link.dedupeKey,
    ...bodies([
      `Someone, probably you, asked to reset the password of the ${SERVICE} account of this address. Open this link to choose a new one:`,
      link.url,
      `The link works once, for ${link.validFor}. Setting a new password logs out every browser and ends every login token of the account; API keys keep working. If you did not ask, ignore this mail: your password stays as it is.`,
    ]),
  };
}

export function alreadyRegisteredMail(to: string, baseUrl: string, dedupeKey: string): OutgoingMail {
  return {
    to,
    subject: `Someone tried to sign up for ${SERVICE} with your address`,
    dedupeKey,
    ...bodies([
      `Someone tried to create a ${SERVICE} account with this address, which already has one. Nothing was changed.`,
      "If it was you, log in here:",
      `${baseUrl}/account/login`,
      "or, if you forgot your password, choose a new one here:",
      `${baseUrl}/account/forgot`,
      "If it was not you, ignore this mail.",
    ]),
  };
}

/** The account mails in one language, and how that language says how long a link works. */
export interface AccountMails {
  verification(link: MailLink): OutgoingMail;
  reset(link: MailLink): OutgoingMail;
  /** `baseUrl`: the site in the mail's language (its log-in and forgot-password pages are linked). */
  alreadyRegistered(to: string, baseUrl: string, dedupeKey: string): OutgoingMail;
  duration(n: number, unit: "hour" | "minute"): string;
}

export const ENGLISH_ACCOUNT_MAILS: AccountMails = {
  verification: verificationMail,
  reset: resetMail,
  alreadyRegistered: alreadyRegisteredMail,
  duration: (n, unit) => `${n} ${unit}${n === 1 ? "" : "s"}`,
};
