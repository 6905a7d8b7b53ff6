import type { AnimeSort } from '@portal/contracts';
import { useCatalogueFilters } from '../hooks/useCatalogueFilters';
import { DEFAULT_SORT } from '../lib/catalogue-filters';
import { SORT_OPTIONS } from '../lib/labels';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeSearchBox } from './AnimeSearchBox';
import { CatalogueFilterPanel } from './CatalogueFilterPanel';
import { CatalogueResults } from './CatalogueResults';
import { SearchResults } from './SearchResults';
import { SelectField } from './SelectField';
import '../catalogue.css';

/** /catalog: search with autocomplete, filters and sort in the URL, and the infinite list. */
export default function CataloguePage() {
  const { filters, update, reset, searchQuery, setSearchQuery } = useCatalogueFilters();
  const sort = (
    <div className="catalogue-page__sort">
      <SelectField
        label={CATALOGUE_STRINGS.filters.sort}
        value={filters.sort ?? DEFAULT_SORT}
        options={SORT_OPTIONS}
        onValueChange={(value) => update({ sort: value as AnimeSort })}
      />
    </div>
  );

  return (
    <div className="page catalogue-page">
      <header className="catalogue-page__header">
        <h1 className="catalogue-page__title">{CATALOGUE_STRINGS.catalogue.title}</h1>
        <AnimeSearchBox query={searchQuery} onSearch={setSearchQuery} />
      </header>
      {searchQuery ? (
        <SearchResults query={searchQuery} onClose={() => setSearchQuery('')} />
      ) : (
        <div className="catalogue-page__layout">
          <CatalogueFilterPanel filters={filters} onChange={update} onReset={reset} />
          <div>
            <CatalogueResults filters={filters} onResetFilters={reset} toolbar={sort} />
          </div>
        </div>
      )}
    </div>
  );
}
