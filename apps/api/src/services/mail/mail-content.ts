import { INVITATION_TTL_DAYS, toDanishDate, toWireValue } from '@maaler/contract';
import { mailTexts } from './mail-texts.ts';

/** A message as it is stored and sent: a Danish plain-text part and the same in HTML. */
export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Paragraphs and one link button as plain text and as simple HTML: no images, no remote resources,
 * nothing that reports an opening back (no tracking pixels).
 */
function compose(subject: string, before: string[], link: { label: string; url: string }, after: string[]) {
  const text = [...before, `${link.label}:\n${link.url}`, ...after].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #212529">
${paragraphs(before)}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="font-size: 0.9em">${escapeHtml(link.url)}</p>
${paragraphs(after)}
</body></html>`;
  return { subject, text, html };
}

/** `Glemt adgangskode?`: the link to set a new password, valid for an hour. */
export function passwordResetMail(name: string, url: string): MailContent {
  const t = mailTexts.reset;
  return compose(t.subject, [t.greeting(name), t.intro], { label: t.linkLabel, url }, [t.validity, t.ignore]);
}

/** A new user's invitation: the link to choose the first password. */
export function invitationMail(name: string, url: string): MailContent {
  const t = mailTexts.invitation;
  return compose(t.subject, [t.greeting(name), t.intro], { label: t.linkLabel, url }, [
    t.validity(INVITATION_TTL_DAYS),
    t.ignore,
  ]);
}

/** The receipt of a self-reading (ADR 039): the values as received, and the link to correct them. */
export function selfReadingReceiptMail(receipt: {
  url: string;
  meterName: string;
  serialNumber: string;
  deadline: string;
  values: { name: string; unit: string; value: string }[];
}): MailContent {
  const t = mailTexts.selfReadingReceipt;
  const values = receipt.values.map((point) => t.value(point.name, toWireValue(point.value), point.unit));
  return compose(
    t.subject,
    [t.received, t.meter(receipt.meterName, receipt.serialNumber), ...values],
    { label: t.linkLabel, url: receipt.url },
    [t.correctUntil(toDanishDate(receipt.deadline))],
  );
}

/** What a self-reading invitation or reminder names: the resident, the meter, its link and deadline. */
export type SelfReadingLetter = {
  residentName: string;
  url: string;
  meterName: string;
  serialNumber: string;
  /** The meter's address, named in the invitation when known. */
  address?: string;
  deadline: string;
};

/**
 * The invitation to read one's own meter (ADR 043), sent in bulk by the office or at once after a
 * reader's `Ingen adgang` (ADR 044): the meter, the personal link and the deadline.
 */
export function selfReadingInvitationMail(letter: SelfReadingLetter): MailContent {
  const t = mailTexts.selfReadingInvitation;
  const where = letter.address ? [t.address(letter.address)] : [];
  return compose(
    t.subject,
    [t.greeting(letter.residentName), t.intro, t.meter(letter.meterName, letter.serialNumber), ...where],
    { label: t.linkLabel, url: letter.url },
    [t.deadline(toDanishDate(letter.deadline)), t.personal],
  );
}

/** `Påmindelse`: the meter is still not read, days before the link's deadline (ADR 044). */
export function selfReadingReminderMail(letter: SelfReadingLetter): MailContent {
  const t = mailTexts.selfReadingReminder;
  return compose(
    t.subject,
    [
      t.greeting(letter.residentName),
      t.intro(toDanishDate(letter.deadline)),
      t.meter(letter.meterName, letter.serialNumber),
    ],
    { label: t.linkLabel, url: letter.url },
    [t.howTo, t.ignore],
  );
}
