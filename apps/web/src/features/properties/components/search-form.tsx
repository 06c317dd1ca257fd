import {
  PRICE_RANGE_PLACEHOLDER,
  PRICE_RANGES,
  PROPERTY_TYPE_PLACEHOLDER,
  PROPERTY_TYPES,
} from '@keyhaven/shared/constants';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { filtersFromForm, type SearchFilters } from '../lib/search-params';

type SearchFormProps = {
  /** The filters in force (from the page address); the fields follow them when they change. */
  values: SearchFilters;
  /**
   * `keptTypes` is true when the type select still showed the several types chosen in the
   * filters, which the select cannot name one by one: the search keeps them.
   */
  onSearch: (filters: SearchFilters, options: { keptTypes: boolean }) => void;
  /**
   * Several types in force (All Properties' filters): the type select shows "N types" for them
   * until another choice replaces them.
   */
  severalTypes?: readonly string[];
  /** Off where the page offers free amounts instead of the price buckets. */
  withPriceRange?: boolean;
  /**
   * Where the search goes when JavaScript is off: the browser sends the same address parameters
   * the page reads (`?location=...&propertyType=...&priceRange=...`). The current page when left out.
   */
  action?: string;
  /**
   * The rest of the search the form does not show (the All Properties filters, area, sort and
   * view), sent along when JavaScript is off, as the app keeps them when it searches.
   */
  kept?: URLSearchParams;
  className?: string;
};

/**
 * Location, property type and price range. The selects open on their
 * placeholders 'Property Type' and 'Price Range', whose value '' means any. A plain GET form
 * underneath, so a search works before the page's code has loaded, or without it.
 */
export function SearchForm({
  values,
  onSearch,
  severalTypes = [],
  withPriceRange = true,
  action,
  kept,
  className,
}: SearchFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { location, propertyType, priceRange } = values;
  const several = severalTypes.length > 1 ? severalTypes.join(',') : '';
  const typeShown = several || propertyType;

  // Back and Forward change the address under a mounted form: show what is in force. Fields are
  // set in place rather than remounted, so focus stays where it was.
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const set = (name: string, value: string) => {
      const field = fields.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        field.value = value;
      }
    };
    set('location', location);
    set('propertyType', typeShown);
    set('priceRange', priceRange);
  }, [location, typeShown, priceRange]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typeField = event.currentTarget.elements.namedItem('propertyType');
    const keptTypes =
      several !== '' && typeField instanceof HTMLSelectElement && typeField.value === several;
    onSearch(filtersFromForm(event.currentTarget), { keptTypes });
  };

  return (
    <search aria-label="Property search" className={className}>
      <form
        ref={formRef}
        method="get"
        action={action}
        onSubmit={onSubmit}
        className={cn(
          'grid gap-3 sm:grid-cols-2',
          withPriceRange
            ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]'
            : 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]',
        )}
      >
        <label htmlFor={`${id}-location`} className="sr-only">
          Location
        </label>
        <input
          id={`${id}-location`}
          name="location"
          type="search"
          defaultValue={location}
          placeholder="Search by location"
          autoComplete="off"
          maxLength={160}
          className={cn(inputStyles(), 'sm:col-span-2 lg:col-span-1')}
        />
        <label htmlFor={`${id}-type`} className="sr-only">
          Property type
        </label>
        <select
          id={`${id}-type`}
          name="propertyType"
          defaultValue={typeShown}
          className={inputStyles()}
        >
          <option value="">{PROPERTY_TYPE_PLACEHOLDER}</option>
          {several && <option value={several}>{severalTypes.length} types</option>}
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        {withPriceRange && (
          <>
            <label htmlFor={`${id}-price`} className="sr-only">
              Price range
            </label>
            <select
              id={`${id}-price`}
              name="priceRange"
              defaultValue={priceRange}
              className={inputStyles()}
            >
              <option value="">{PRICE_RANGE_PLACEHOLDER}</option>
              {PRICE_RANGES.map((range) => (
                <option key={range.label} value={range.label}>
                  {range.label}
                </option>
              ))}
            </select>
          </>
        )}
        {[...(kept ?? [])].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" size="lg" className="h-11 sm:col-span-2 lg:col-span-1">
          Search
        </Button>
      </form>
    </search>
  );
}
