import { useId, type ReactNode } from 'react';
import { CATEGORIES, ENGINES, SEARCH_LICENCES, SEARCH_PLATFORMS, SUB_CATEGORIES, type SearchResults } from '@market/contracts';
import { LICENCE_LABELS, UPDATED_LABELS, type FilterName, type Filters } from '../searchFilters';
import type { FiltersChange } from '../useResultsAddress';

type Facets = SearchResults['facets'];
type Counted = ReadonlyArray<{ value: string; count: number }>;

interface FacetPanelProps {
  facets: Facets;
  filters: Filters;
  onChange: (change: FiltersChange) => void;
  /** Facets the page offers another way (the browse page's genre tabs). */
  hidden?: readonly FilterName[];
  /** False until the app has taken the server's markup over: a choice made before would be lost. */
  enabled: boolean;
}

const countOf = (values: Counted, value: string) => values.find((entry) => entry.value === value)?.count ?? 0;

function Count({ n }: { n: number }) {
  return <span className="facet-count"> ({n})</span>;
}

interface Choice {
  value: string;
  label: string;
  count: number;
}

/** One facet as radios: "Any" first, then each value with its count. */
function RadioFacet({
  legend,
  anyLabel,
  choices,
  value,
  enabled,
  onPick,
}: {
  legend: string;
  anyLabel: string;
  choices: Choice[];
  value: string;
  enabled: boolean;
  onPick: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      {[{ value: '', label: anyLabel, count: null as number | null }, ...choices].map((choice) => (
        <div className="form-check" key={choice.value || 'any'}>
          <input
            className="form-check-input"
            type="radio"
            id={`${name}-${choice.value || 'any'}`}
            name={name}
            value={choice.value}
            checked={value === choice.value}
            disabled={!enabled}
            onChange={() => onPick(choice.value)}
          />
          <label className="form-check-label" htmlFor={`${name}-${choice.value || 'any'}`}>
            {choice.label}
            {choice.count !== null && <Count n={choice.count} />}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** One facet as a select, for the long lists (engines, genres). */
function SelectFacet({
  legend,
  anyLabel,
  choices,
  value,
  enabled,
  onPick,
}: {
  legend: string;
  anyLabel: string;
  choices: Choice[];
  value: string;
  enabled: boolean;
  onPick: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      <label htmlFor={id} className="visually-hidden">
        {legend}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        disabled={!enabled}
        onChange={(event) => onPick(event.target.value)}
      >
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label} ({choice.count})
          </option>
        ))}
      </select>
    </fieldset>
  );
}

const counted = (values: readonly string[], facet: Counted, label: (value: string) => string = (value) => value): Choice[] =>
  values.map((value) => ({ value, label: label(value), count: countOf(facet, value) }));

function priceLabel(min: number, max: number | null): string {
  return max === null ? `$${min} and up` : `$${min}–${max}`;
}

/**
 * The facets of docs/decisions/0019, each value with how many results it would leave (each facet
 * counted ignoring its own filter). Every value of the fixed lists is offered, a zero count too:
 * a choice that leaves nothing says so rather than vanishing from under the pointer.
 */
export function FacetPanel({ facets, filters, onChange, hidden = [], enabled }: FacetPanelProps) {
  const show = (name: FilterName) => !hidden.includes(name);
  const price =
    filters.minPrice !== undefined || filters.maxPrice !== undefined ? `${filters.minPrice ?? 0}-${filters.maxPrice ?? ''}` : '';
  const sections: ReactNode[] = [];
  if (show('engine')) {
    sections.push(
      <SelectFacet
        key="engine"
        legend="Engine"
        anyLabel="Any engine"
        choices={counted(ENGINES, facets.engine)}
        value={filters.engine ?? ''}
        enabled={enabled}
        onPick={(value) => onChange({ engine: value || null })}
      />,
    );
  }
  if (show('platform')) {
    sections.push(
      <RadioFacet
        key="platform"
        legend="Platform"
        anyLabel="Any platform"
        choices={counted(SEARCH_PLATFORMS, facets.platform)}
        value={filters.platform ?? ''}
        enabled={enabled}
        onPick={(value) => onChange({ platform: value || null })}
      />,
    );
  }
  if (show('category')) {
    sections.push(
      <RadioFacet
        key="category"
        legend="Category"
        anyLabel="Any category"
        choices={counted(CATEGORIES, facets.category)}
        value={filters.category ?? ''}
        enabled={enabled}
        onPick={(value) => onChange({ category: value || null })}
      />,
    );
  }
  if (show('subCategory')) {
    sections.push(
      <SelectFacet
        key="subCategory"
        legend="Sub category"
        anyLabel="Any sub category"
        choices={counted(SUB_CATEGORIES, facets.subCategory)}
        value={filters.subCategory ?? ''}
        enabled={enabled}
        onPick={(value) => onChange({ subCategory: value || null })}
      />,
    );
  }
  if (show('minPrice')) {
    sections.push(
      <RadioFacet
        key="price"
        legend="Price"
        anyLabel="Any price"
        choices={facets.price.map((range) => ({
          value: `${range.min}-${range.max ?? ''}`,
          label: priceLabel(range.min, range.max),
          count: range.count,
        }))}
        value={price}
        enabled={enabled}
        onPick={(value) => {
          const [min, max] = value.split('-');
          onChange({ minPrice: min || null, maxPrice: max || null });
        }}
      />,
    );
  }
  if (show('minRating')) {
    sections.push(
      <RadioFacet
        key="rating"
        legend="Rating"
        anyLabel="Any rating"
        choices={facets.rating.map((entry) => ({
          value: entry.value,
          label: `${entry.value} ${entry.value === '1' ? 'star' : 'stars'} & up`,
          count: entry.count,
        }))}
        value={filters.minRating ?? ''}
        enabled={enabled}
        onPick={(value) => onChange({ minRating: value || null })}
      />,
    );
  }
  if (show('licence')) {
    sections.push(
      <RadioFacet
        key="licence"
        legend="Licence type"
        anyLabel="Any licence"
        choices={counted(SEARCH_LICENCES, facets.licence, (value) => LICENCE_LABELS[value] ?? value)}
        value={filters.licence ?? ''}
        enabled={enabled}
        onPick={(value) => onChange({ licence: value || null })}
      />,
    );
  }
  if (show('onSale')) {
    sections.push(
      <OnSaleFacet
        key="onSale"
        count={countOf(facets.onSale, 'true')}
        checked={filters.onSale === 'true'}
        enabled={enabled}
        onChange={onChange}
      />,
    );
  }
  if (show('updatedWithin')) {
    sections.push(
      <RadioFacet
        key="updatedWithin"
        legend="Updated within"
        anyLabel="Any time"
        choices={facets.updatedWithin.map((entry) => ({
          value: entry.value,
          label: UPDATED_LABELS[entry.value] ?? entry.value,
          count: entry.count,
        }))}
        value={filters.updatedWithin ?? ''}
        enabled={enabled}
        onPick={(value) => onChange({ updatedWithin: value || null })}
      />,
    );
  }
  return <>{sections}</>;
}

function OnSaleFacet({
  count,
  checked,
  enabled,
  onChange,
}: {
  count: number;
  checked: boolean;
  enabled: boolean;
  onChange: (change: FiltersChange) => void;
}) {
  const id = useId();
  return (
    <fieldset className="facet">
      <legend>Sale</legend>
      <div className="form-check">
        <input
          id={id}
          type="checkbox"
          className="form-check-input"
          checked={checked}
          disabled={!enabled}
          onChange={(event) => onChange({ onSale: event.target.checked ? 'true' : null })}
        />
        <label htmlFor={id} className="form-check-label">
          On sale only
          <Count n={count} />
        </label>
      </div>
    </fieldset>
  );
}
