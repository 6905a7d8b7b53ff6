import { Suspense, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { AnimeAdminPanel } from './admin/AnimeAdminPanel';
import { AnimeParserPanel } from './admin/AnimeParserPanel';
import { CollectionsAdmin } from './CollectionsAdmin';
import { MetadataSyncPanel } from './MetadataSyncPanel';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.admin;

/** Other features' sections of the admin panel (the reviews queue), composed by the app: features may not import each other. */
export interface AdminPageSlots {
  /** Before the catalogue section, each its own titled section. */
  sections?: readonly ComponentType[];
}

/** /admin (admins only, the route wraps it in AdminOnly): the catalogue section of the admin panel, and the sections other features add. */
export default function AdminCataloguePage({ slots }: { slots?: AdminPageSlots } = {}) {
  return (
    <div className="page admin-page">
      <header className="people-header">
        <h1 className="catalogue-page__title">{S.title}</h1>
        <p className="muted">{S.intro}</p>
        <p>
          <Link to="/admin/reports">{S.reportsLink}</Link>
        </p>
      </header>
      <Suspense fallback={null}>
        {slots?.sections?.map((Section, index) => (
          <Section key={index} />
        ))}
      </Suspense>
      <section className="admin-page__section" aria-labelledby="admin-catalogue-title">
        <h2 id="admin-catalogue-title" className="catalogue-section__title">
          {S.catalogueSection}
        </h2>
        <div className="admin-page__grid">
          <AnimeAdminPanel />
          <AnimeParserPanel />
          <MetadataSyncPanel />
          <CollectionsAdmin />
        </div>
      </section>
    </div>
  );
}
