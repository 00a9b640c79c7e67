import { operatorNameOf, useAbout } from '../hooks/use-about';
import { privacyMessages as messages } from '../privacy-messages';
import { ContactLines } from './contact-lines';
import { TrustPage } from './trust-page';

/** `Privatlivspolitik` (issue 39): public, the operator's name, contact and retention periods from GET /api/about. */
export function PrivacyPage() {
  const about = useAbout();
  const operator = operatorNameOf(about);
  return (
    <TrustPage title={messages.title}>
      <p>{messages.intro}</p>

      <h2 className="h5 mt-4">{messages.controllerHeading}</h2>
      <p>{messages.controller(operator)}</p>
      <ContactLines state={about} pick={(info) => ({ written: info.operatorContact })} />

      <h2 className="h5 mt-4">{messages.storedHeading}</h2>
      {messages.stored.map((item) => (
        <section key={item.what} aria-label={item.what}>
          <h3 className="h6 mt-3 mb-1">{item.what}</h3>
          <p className="mb-1">{item.text}</p>
          <p>
            <strong>{messages.whyLabel}</strong> {item.why}
          </p>
        </section>
      ))}

      <h2 className="h5 mt-4">{messages.retentionHeading}</h2>
      <ul>
        {messages.retention(about.status === 'loaded' ? about.about.retention : null).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <h2 className="h5 mt-4">{messages.audienceHeading}</h2>
      <ul>
        {messages.audience.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <h2 className="h5 mt-4">{messages.contactHeading}</h2>
      <p>{messages.rights}</p>
      <p>{messages.myData}</p>
    </TrustPage>
  );
}
