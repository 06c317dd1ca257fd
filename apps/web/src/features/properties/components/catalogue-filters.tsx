import {
  FEATURES,
  type Feature,
  PRICE_BANDS,
  PROPERTY_TYPES,
  type PriceBandId,
  type PropertyType,
  SEARCH_PROPERTY_TYPES,
} from '@keyhaven/shared/constants';
import { OPEN_HOUSE_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { SelectField, TextField } from '@/components/form/fields';
import { Button } from '@/components/ui/button';
import { countFormat } from '@/lib/listing-format';
import { paths } from '@/lib/paths';
import type { CatalogueCounts } from '../api/get-search-facets';
import {
  BOUND_RULES,
  boundFrom,
  type CatalogueBounds,
  type CatalogueSearch,
  catalogueSearchToParams,
  EMPTY_SEARCH,
} from '../lib/list-params';

/** What the panel applies: everything but the location, the area, the sort and the page. */
export type CatalogueFilterChoice = CatalogueBounds & {
  types: PropertyType[];
  features: Feature[];
  priceBand?: PriceBandId;
  openHouse?: 'weekend';
};

/** Where the search and area hold no home at all, so no type to narrow to. */
export const NO_TYPE_TO_CHOOSE = 'No homes match the other filters here.';

/** Under the price bands: why they may add up to more than the homes there are. */
export const SPANNING_NOTE = 'A home whose price range spans two bands is counted in both.';

const BED_CHOICES = [1, 2, 3, 4, 5];
const BATH_CHOICES = [1, 1.5, 2, 3, 4];

type PriceErrors = { minPrice?: string; maxPrice?: string };

/** A price as typed: empty is no bound; anything else must read as an amount within the limit. */
function readPrice(text: string, key: 'minPrice' | 'maxPrice') {
  const trimmed = text.trim();
  if (!trimmed) return { value: undefined };
  const value = boundFrom(trimmed, BOUND_RULES[key]);
  if (value !== undefined) return { value };
  const number = Number(trimmed.replaceAll(',', ''));
  return {
    error:
      Number.isFinite(number) && number > BOUND_RULES[key].max
        ? PROPERTY_MESSAGES.priceTooLarge
        : PROPERTY_MESSAGES.priceInDigits,
  };
}

/**
 * Reads the panel, or says what to fix beside the price fields. A price typed replaces the band
 * chosen (`priceBand`): a search has one price choice.
 */
export function readFilterForm(
  form: HTMLFormElement,
  priceBand?: PriceBandId,
): { ok: true; choice: CatalogueFilterChoice } | { ok: false; errors: PriceErrors } {
  const data = new FormData(form);
  const min = readPrice(String(data.get('minPrice') ?? ''), 'minPrice');
  const max = readPrice(String(data.get('maxPrice') ?? ''), 'maxPrice');
  const errors: PriceErrors = { minPrice: min.error, maxPrice: max.error };
  if (
    !errors.maxPrice &&
    min.value !== undefined &&
    max.value !== undefined &&
    max.value < min.value
  ) {
    errors.maxPrice = PROPERTY_MESSAGES.maxBelowMinAdd;
  }
  if (errors.minPrice || errors.maxPrice) return { ok: false, errors };
  const chosen = new Set(data.getAll('types').concat(data.getAll('features')).map(String));
  return {
    ok: true,
    choice: {
      types: PROPERTY_TYPES.filter((type) => chosen.has(type)),
      features: FEATURES.filter((feature) => chosen.has(feature)),
      priceBand: min.value === undefined && max.value === undefined ? priceBand : undefined,
      minPrice: min.value,
      maxPrice: max.value,
      minBeds: boundFrom(String(data.get('minBeds') ?? ''), BOUND_RULES.minBeds),
      minBaths: boundFrom(String(data.get('minBaths') ?? ''), BOUND_RULES.minBaths),
      openHouse: data.get('openHouse') === 'weekend' ? 'weekend' : undefined,
    },
  };
}

/** "At least": Any, 1+, 2+... */
function MinimumSelect({
  label,
  name,
  choices,
  value,
}: {
  label: string;
  name: string;
  choices: number[];
  value: number | undefined;
}) {
  return (
    <SelectField label={label} name={name} defaultValue={value ?? ''}>
      <option value="">Any</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}+
        </option>
      ))}
    </SelectField>
  );
}

/** One of the panel's many small checkboxes: a home type or a feature. */
function FilterCheckbox({ children, ...input }: ComponentProps<'input'> & { children: ReactNode }) {
  return (
    <label className="flex items-center gap-2 text-sm text-stone-800">
      <input type="checkbox" {...input} className="size-4 accent-teal-700" />
      {children}
    </label>
  );
}

/**
 * What a search sent without JavaScript keeps besides the panel's choices, as the app does: the
 * location, the map area or outline, sold mode, the sort and the view.
 */
const keptParams = ({ location, bbox, polygon, sold, sort, view }: CatalogueSearch) =>
  catalogueSearchToParams({ ...EMPTY_SEARCH, location, bbox, polygon, sold, sort, view });

/** ` (12)` beside a choice once its count has arrived. */
const countText = (count: number | undefined) =>
  count === undefined ? '' : ` (${countFormat(count)})`;

type CatalogueFiltersProps = {
  id: string;
  search: CatalogueSearch;
  counts: CatalogueCounts;
  onApply: (choice: CatalogueFilterChoice) => void;
  onClear: () => void;
};

/**
 * The types offered: those the current search and area hold homes of, and those chosen. Until
 * the counts arrive, the types the search offers everywhere.
 */
function typesOffered(search: CatalogueSearch, counts: CatalogueCounts): PropertyType[] {
  const counted = Object.keys(counts.types).length > 0;
  return PROPERTY_TYPES.filter(
    (type) =>
      search.types.includes(type) ||
      (counted
        ? (counts.types[type] ?? 0) > 0
        : (SEARCH_PROPERTY_TYPES as readonly string[]).includes(type)),
  );
}

/**
 * The filters buyers know from the portals: several types, a price from and to or a price band,
 * at least so many bedrooms and bathrooms, and features a home must all have. The counts beside
 * the types and price bands are those of the current search and area; a type with no home there
 * is not offered, and the bands cover every price, so every home is under one of them.
 */
export function CatalogueFilters({ id, search, counts, onApply, onClear }: CatalogueFiltersProps) {
  const [errors, setErrors] = useState<PriceErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const read = readFilterForm(form, search.priceBand);
    if (!read.ok) {
      setErrors(read.errors);
      const first = read.errors.minPrice ? 'minPrice' : 'maxPrice';
      const field = form.elements.namedItem(first);
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    setErrors({});
    onApply(read.choice);
  };

  const offered = typesOffered(search, counts);

  return (
    <form
      id={id}
      aria-label="Filters"
      method="get"
      action={paths.allProperties}
      noValidate
      onSubmit={onSubmit}
      className="mt-4 grid gap-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand md:grid-cols-2"
    >
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">Home types</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {offered.length === 0 && (
            <p className="col-span-2 text-sm text-stone-700">{NO_TYPE_TO_CHOOSE}</p>
          )}
          {offered.map((type) => (
            <FilterCheckbox
              key={type}
              name="types"
              value={type}
              defaultChecked={search.types.includes(type)}
            >
              {type}
              <span className="text-stone-600">{countText(counts.types[type])}</span>
            </FilterCheckbox>
          ))}
        </div>
      </fieldset>

      <div className="grid content-start gap-4">
        <div className="grid grid-cols-2 gap-3">
          {(['min', 'max'] as const).map((end) => {
            const name = `${end}Price` as const;
            return (
              <TextField
                key={end}
                label={`${end === 'min' ? 'Min' : 'Max'} price ($)`}
                error={errors[name]}
                name={name}
                inputMode="decimal"
                autoComplete="off"
                placeholder={`No ${end}`}
                defaultValue={search[name] ?? ''}
              />
            );
          })}
        </div>
        <div>
          <p className="text-sm font-semibold text-stone-800" id={`${id}-bands`}>
            Homes by price
          </p>
          <ul className="mt-1 flex flex-wrap gap-2" aria-labelledby={`${id}-bands`}>
            {PRICE_BANDS.map((band) => {
              const chosen = search.priceBand === band.id;
              return (
                <li key={band.id}>
                  <Button
                    variant={chosen ? 'primary' : 'secondary'}
                    size="sm"
                    aria-pressed={chosen}
                    onClick={() =>
                      // A band replaces the prices typed; choosing it again lets it go.
                      onApply({
                        types: search.types,
                        features: search.features,
                        minBeds: search.minBeds,
                        minBaths: search.minBaths,
                        openHouse: search.openHouse,
                        priceBand: chosen ? undefined : band.id,
                        minPrice: undefined,
                        maxPrice: undefined,
                      })
                    }
                  >
                    {band.label}
                    {countText(counts.bands[band.id])}
                  </Button>
                </li>
              );
            })}
          </ul>
          <p className="mt-1 text-xs text-stone-600">{SPANNING_NOTE}</p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <MinimumSelect
            label="Bedrooms"
            name="minBeds"
            choices={BED_CHOICES}
            value={search.minBeds}
          />
          <MinimumSelect
            label="Bathrooms"
            name="minBaths"
            choices={BATH_CHOICES}
            value={search.minBaths}
          />
        </div>
      </div>

      <fieldset className="md:col-span-2">
        <legend className="text-sm font-semibold text-stone-800">Must have</legend>
        <div className="mt-2">
          <FilterCheckbox
            name="openHouse"
            value="weekend"
            defaultChecked={search.openHouse === 'weekend'}
          >
            {OPEN_HOUSE_MESSAGES.weekendFilter}
          </FilterCheckbox>
        </div>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <FilterCheckbox
              key={feature}
              name="features"
              value={feature}
              defaultChecked={search.features.includes(feature)}
            >
              {feature}
            </FilterCheckbox>
          ))}
        </div>
      </fieldset>

      {[...keptParams(search)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <Button type="submit">Show results</Button>
        <Button variant="secondary" onClick={onClear}>
          Clear all
        </Button>
      </div>
    </form>
  );
}
