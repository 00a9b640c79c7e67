import { operatorNameOf, useAbout } from '../hooks/use-about';
import { statementMessages as messages } from '../statement-messages';
import { ContactLines } from './contact-lines';
import { TrustPage } from './trust-page';

/** `Tilgængelighedserklæring` (issue 39): public, the operator's contact from GET /api/about. */
export function AccessibilityStatementPage() {
  const about = useAbout();
  const operator = operatorNameOf(about);
  return (
    <TrustPage title={messages.title}>
      <p>{messages.intro(operator)}</p>

      <h2 className="h5 mt-4">{messages.statusHeading}</h2>
      <p>{messages.status}</p>

      <h2 className="h5 mt-4">{messages.gapsHeading}</h2>
      <p>{messages.gapsIntro}</p>
      <ul>
        {messages.knownGaps.map((gap) => (
          <li key={gap}>{gap}</li>
        ))}
      </ul>

      <h2 className="h5 mt-4">{messages.methodHeading}</h2>
      <p>{messages.methodIntro}</p>
      <ul>
        {messages.method.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <p>{messages.lastTested(messages.lastTestedDate)}</p>

      <h2 className="h5 mt-4">{messages.contactHeading}</h2>
      <p>{messages.contactIntro(operator)}</p>
      <ContactLines
        state={about}
        pick={(info) => ({ written: info.accessibilityContact, phone: info.accessibilityPhone })}
      />

      <h2 className="h5 mt-4">{messages.enforcementHeading}</h2>
      <p>{messages.enforcement}</p>
      <p>
        <a href={messages.enforcementUrl}>{messages.enforcementLink}</a>
      </p>
    </TrustPage>
  );
}
