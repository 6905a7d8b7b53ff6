import { env } from '../../../shared/config/env';
import { INFO_STRINGS } from '../strings';

export default function AboutPage() {
  return (
    <main className="page prose">
      <h1>{INFO_STRINGS.aboutTitle}</h1>
      <section className="card">
        <p>{INFO_STRINGS.aboutText}</p>
        <ul>
          {INFO_STRINGS.aboutFeatures.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
      <section className="card" id="help">
        <h2>{INFO_STRINGS.helpTitle}</h2>
        <p>{INFO_STRINGS.helpText}</p>
      </section>
      <section className="card" id="contacts">
        <h2>{INFO_STRINGS.contactsTitle}</h2>
        <p>
          {INFO_STRINGS.contactsText} <a href={`mailto:${env.VITE_CONTACT_EMAIL}`}>{env.VITE_CONTACT_EMAIL}</a>
        </p>
      </section>
    </main>
  );
}
