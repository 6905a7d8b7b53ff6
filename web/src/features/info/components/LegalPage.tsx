import { env } from '../../../shared/config/env';
import { INFO_STRINGS } from '../strings';

export default function LegalPage() {
  return (
    <main className="page prose">
      <h1>{INFO_STRINGS.legalTitle}</h1>
      <section className="card">
        <h2>{INFO_STRINGS.legalAboutTitle}</h2>
        <p>{INFO_STRINGS.legalAbout}</p>
      </section>
      <section className="card">
        <h2>{INFO_STRINGS.legalHoldersTitle}</h2>
        <p>{INFO_STRINGS.legalHoldersIntro}</p>
        <ul>
          {INFO_STRINGS.legalHoldersItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{INFO_STRINGS.legalHoldersOutro}</p>
      </section>
      <section className="card">
        <h2>{INFO_STRINGS.legalContactTitle}</h2>
        <p>
          {INFO_STRINGS.legalContactText} <a href={`mailto:${env.VITE_CONTACT_EMAIL}`}>{env.VITE_CONTACT_EMAIL}</a>
        </p>
      </section>
    </main>
  );
}
