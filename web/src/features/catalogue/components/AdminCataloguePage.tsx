import { Link } from 'react-router-dom';
import { CATALOGUE_PEOPLE_STRINGS } from '../strings-people';
import { AnimeAdminPanel } from './admin/AnimeAdminPanel';
import { AnimeParserPanel } from './admin/AnimeParserPanel';
import { CollectionsAdmin } from './CollectionsAdmin';
import { MetadataSyncPanel } from './MetadataSyncPanel';
import '../catalogue.css';
import '../catalogue-people.css';

const S = CATALOGUE_PEOPLE_STRINGS.admin;

/** /admin (admins only, the route wraps it in AdminOnly): the catalogue section of the admin panel. */
export default function AdminCataloguePage() {
  return (
    <div className="page admin-page">
      <header className="people-header">
        <h1 className="catalogue-page__title">{S.title}</h1>
        <p className="muted">{S.intro}</p>
        <p>
          <Link to="/admin/reports">{S.reportsLink}</Link>
        </p>
      </header>
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
