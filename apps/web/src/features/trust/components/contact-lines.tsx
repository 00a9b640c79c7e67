import type { AboutState } from '../hooks/use-about';
import { trustMessages as messages } from '../messages';

type ContactLinesProps = {
  state: AboutState;
  /** The written contact and the telephone the page shows, picked from the operator's configuration. */
  pick: (about: Extract<AboutState, { status: 'loaded' }>['about']) => {
    written: string | null;
    phone?: string | null;
  };
};

/** An e-mail address becomes a mail link; anything else (a web form's address, a postal address) stays text. */
function WrittenContact({ contact }: { contact: string }) {
  if (/^[^\s@]+@[^\s@]+$/.test(contact)) return <a href={`mailto:${contact}`}>{contact}</a>;
  if (/^https:\/\/\S+$/.test(contact)) return <a href={contact}>{contact}</a>;
  return <>{contact}</>;
}

/**
 * The operator's contact as configured (GET /api/about), announced when it arrives; while it loads, and
 * when it is unset or cannot be fetched, a neutral text that still tells the reader whom to ask.
 */
export function ContactLines({ state, pick }: ContactLinesProps) {
  return <div aria-live="polite">{contactOf(state, pick)}</div>;
}

function contactOf(state: AboutState, pick: ContactLinesProps['pick']) {
  if (state.status === 'loading') return <p>{messages.loadingContact}</p>;
  const contact = state.status === 'loaded' ? pick(state.about) : { written: null };
  const phone = contact.phone ?? null;
  if (contact.written === null && phone === null) {
    return (
      <p>
        {state.status === 'failed' ? `${messages.contactFailed} ` : ''}
        {messages.noContact}
      </p>
    );
  }
  return (
    <ul data-testid="operator-contact">
      {contact.written !== null && (
        <li>
          {messages.write} <WrittenContact contact={contact.written} />
        </li>
      )}
      {phone !== null && (
        <li>
          {messages.call} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </li>
      )}
    </ul>
  );
}
