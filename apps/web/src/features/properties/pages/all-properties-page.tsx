import type { MapPins } from '@keyhaven/shared';
import { type Bbox, type LngLat, PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { MESSAGES, SOLD_MESSAGES } from '@keyhaven/shared/texts';
import { type ReactNode, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { AvailabilityBadge } from '@/components/listing/listing-badges';
import { MarketChangeBadge } from '@/components/listing/market-change-badge';
import { PropertyCard, PropertyCardSkeletons } from '@/components/listing/property-card';
import { SoldFacts } from '@/components/listing/sold-facts';
import { PageMeta } from '@/components/page-meta';
import { Button, buttonStyles } from '@/components/ui/button';
import { inputStyles } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Pagination } from '@/components/ui/pagination';
import { useHydrated } from '@/hooks/use-hydrated';
import { useMediaQuery } from '@/hooks/use-media-query';
import { pageCountOf } from '@/hooks/use-page-param';
import { cn } from '@/lib/cn';
import { KEEP_SCROLL } from '@/lib/keep-scroll';
import type { PropertyCard as CardListing } from '@/lib/listing';
import { plural } from '@/lib/listing-format';
import { paths } from '@/lib/paths';
import {
  CATALOGUE_PAGE_SIZE,
  catalogueFilterQueryOf,
  useAllProperties,
} from '../api/get-all-properties';
import { useMapPins } from '../api/get-map-pins';
import { useSearchFacets } from '../api/get-search-facets';
import { CatalogueFilters } from '../components/catalogue-filters';
import { SearchForm } from '../components/search-form';
import { SoldModeSwitch } from '../components/sold-mode-switch';
import {
  activeFilterCount,
  type CatalogueSearch,
  type CatalogueView,
  catalogueQueryOf,
  catalogueSearchFrom,
  catalogueSearchToParams,
  EMPTY_SEARCH,
  polygonProblem,
  SORT_OPTIONS,
} from '../lib/list-params';

/** Wide enough for the list and the map side by side. */
const SIDE_BY_SIDE = '(min-width: 64rem)';

/** Under the heading, and what search results and link previews say about the page. */
const INTRO = 'Every verified listing, including homes that are under offer or already sold.';

/** A listing that has no pin shows in the list only, and says so. */
const NO_MAP_POSITION = 'No map position';

/**
 * Before the page's code runs (or without it) the Filters button is a link to the same search
 * with `filters=open`, which the server renders with the panel open; the panel's own plain form
 * then sends the search without it. The app itself opens the panel in place.
 */
const FILTERS_OPEN = 'filters';
const filtersToggleAddress = (params: URLSearchParams, open: boolean) => {
  const next = new URLSearchParams(params);
  if (open) next.set(FILTERS_OPEN, 'open');
  else next.delete(FILTERS_OPEN);
  const query = next.toString();
  return query ? `${paths.allProperties}?${query}` : paths.allProperties;
};

/** The page of the catalogue the address asks for; the server asks the same when it renders it. */
export const catalogueQueryFrom = (params: URLSearchParams) =>
  catalogueQueryOf(catalogueSearchFrom(params));

/** What the map beside the list is given, and how it changes the search. */
export type CatalogueMapProps = {
  /** The listings of the page on screen: their titles name their markers. */
  listings: CardListing[];
  /** Every home of the search with a map position, up to the pin limit, whatever the page. */
  pins: MapPins['pins'];
  pinsState: {
    /** Homes of the search with a map position; more than `pins` when the view holds too many. */
    total: number;
    loading: boolean;
    failed: boolean;
    retrying: boolean;
    onRetry: () => void;
  };
  bbox?: Bbox;
  polygon?: LngLat[];
  /** The listing whose card or marker the buyer points at. */
  highlightedId: string | null;
  onHighlight: (id: string | null) => void;
  /** "Search this area": the map's bounds become the search's area. */
  onSearchArea: (bbox: Bbox) => void;
  /** An outline drawn, edited or cleared (null). */
  onOutline: (polygon: LngLat[] | null) => void;
};

type AllPropertiesPageProps = {
  /** The map beside the list (the route composes it, so this feature stays on its own). */
  map?: (props: CatalogueMapProps) => ReactNode;
  /**
   * Beside Filters: what else can be done with the search (the route places Save this search);
   * not in sold mode, whose homes are sold.
   */
  searchActions?: ReactNode;
};

/**
 * Every approved listing, sold ones included: filters, sort and pages of 24, and beside the list
 * a map that searches an area or an outline. Everything lives in the address.
 */
export function AllPropertiesPage({ map, searchActions }: AllPropertiesPageProps) {
  const sortId = useId();
  const filtersId = useId();
  const [params, setParams] = useSearchParams();
  const { search: addressText } = useLocation();
  const search = catalogueSearchFrom(params);
  const outlineProblem = polygonProblem(params);
  const result = useAllProperties(catalogueQueryOf(search));
  const filterQuery = catalogueFilterQueryOf(search);
  // `filters=open` is how the page opens its filters before its code runs (see FILTERS_OPEN).
  const [filtersOpen, setFiltersOpen] = useState(() => params.get(FILTERS_OPEN) === 'open');
  const hydrated = useHydrated();
  const counts = useSearchFacets(filterQuery, filtersOpen);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const mapShown = Boolean(map) && (sideBySide || search.view === 'map');
  const pins = useMapPins(filterQuery, mapShown);

  const total = result.data?.total ?? 0;
  const pageCount = pageCountOf(total, CATALOGUE_PAGE_SIZE);
  const filterCount = activeFilterCount(search);

  /** A new search starts at its first page; sorting and paging keep the scroll. */
  const go = (next: Partial<CatalogueSearch>, options?: { keepScroll?: boolean }) =>
    setParams(
      catalogueSearchToParams({ ...search, page: 1, ...next }),
      options?.keepScroll ? { state: KEEP_SCROLL } : undefined,
    );

  const showView = (view: CatalogueView) => go({ view, page: search.page }, { keepScroll: true });
  /**
   * Every filter, the location, the area and the outline go; the order, sold mode and the phone's
   * view stay. Written whole rather than spread over the search, where a filter left unset keeps
   * its value.
   */
  const clearAll = () =>
    setParams(
      catalogueSearchToParams({
        ...EMPTY_SEARCH,
        sort: search.sort,
        sold: search.sold,
        view: search.view,
      }),
    );
  const listings = result.data?.items ?? [];
  const { sold } = search;
  const intro = sold ? SOLD_MESSAGES.intro(sold) : INTRO;

  return (
    <ContentLayout heading="All Properties">
      <PageMeta title="All Properties" description={INTRO} path={paths.allProperties} />
      <p className="mt-2 text-stone-700">{intro}</p>
      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand">
        <div className="mb-4">
          <SoldModeSwitch search={search} />
        </div>
        <SearchForm
          values={{
            location: search.location,
            propertyType: search.types.length === 1 ? (search.types[0] ?? '') : '',
            priceRange: '',
          }}
          severalTypes={search.types}
          withPriceRange={false}
          action={paths.allProperties}
          kept={catalogueSearchToParams({ ...search, location: '', types: [], page: 1 })}
          onSearch={(next, { keptTypes }) =>
            go({
              location: next.location,
              types: keptTypes
                ? search.types
                : PROPERTY_TYPES.filter((type) => type === next.propertyType),
            })
          }
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {hydrated ? (
            <Button
              variant="secondary"
              aria-expanded={filtersOpen}
              aria-controls={filtersOpen ? filtersId : undefined}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              Filters{filterCount > 0 && ` (${filterCount})`}
            </Button>
          ) : (
            <a
              href={filtersToggleAddress(params, !filtersOpen)}
              className={buttonStyles({ variant: 'secondary' })}
            >
              Filters{filterCount > 0 && ` (${filterCount})`}
            </a>
          )}
          {/* The open panel has its own Clear all beside Show results. */}
          {!filtersOpen &&
            (filterCount > 0 || search.location || search.bbox || search.polygon) && (
              <Button variant="ghost" onClick={clearAll}>
                Clear all
              </Button>
            )}
          {!sold && searchActions}
        </div>
        {filtersOpen && (
          <CatalogueFilters
            key={addressText}
            id={filtersId}
            search={search}
            counts={counts}
            onApply={(choice) => go(choice)}
            onClear={clearAll}
          />
        )}
      </div>

      {outlineProblem && (
        <Notice tone="warning" className="mt-4">
          {outlineProblem}
        </Notice>
      )}

      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="text-stone-700">
          {result.data &&
            (sold
              ? plural(total, 'sold home', 'sold homes')
              : plural(total, 'property', 'properties'))}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={sortId}
            className="text-sm font-semibold whitespace-nowrap text-stone-800"
          >
            Sort by
          </label>
          <select
            id={sortId}
            value={search.sort}
            onChange={(event) =>
              go(
                {
                  sort: SORT_OPTIONS.find((o) => o.value === event.target.value)?.value ?? 'newest',
                },
                { keepScroll: true },
              )
            }
            className={inputStyles('max-w-52')}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {sold && option.value === 'newest' ? SOLD_MESSAGES.newestSale : option.label}
              </option>
            ))}
          </select>
          {map && (
            <fieldset className="flex lg:hidden">
              <legend className="sr-only">Show</legend>
              {(['list', 'map'] as const).map((view) => (
                <Button
                  key={view}
                  variant={search.view === view ? 'primary' : 'secondary'}
                  aria-pressed={search.view === view}
                  onClick={() => showView(view)}
                  className={view === 'list' ? 'rounded-r-none' : 'rounded-l-none'}
                >
                  {view === 'list' ? 'List' : 'Map'}
                </Button>
              ))}
            </fieldset>
          )}
        </div>
      </div>

      <div className={cn('mt-6', map && 'lg:grid lg:grid-cols-2 lg:items-start lg:gap-6')}>
        <div className={cn(map && search.view === 'map' && 'hidden lg:block')}>
          {result.isPending ? (
            <PropertyCardSkeletons count={6} className="grid gap-6 sm:grid-cols-2" />
          ) : result.isError ? (
            <ListError
              error={result.error}
              message={MESSAGES.search.error}
              onRetry={() => result.refetch()}
              retrying={result.isFetching}
            />
          ) : listings.length === 0 && total > 0 ? (
            <ListEmpty
              action={
                <Button variant="secondary" onClick={() => go({})}>
                  Go to the first page
                </Button>
              }
            >
              There are no properties on page {search.page}.
            </ListEmpty>
          ) : listings.length === 0 ? (
            <ListEmpty>
              {sold ? SOLD_MESSAGES.empty(sold) : 'No properties found matching your criteria'}
            </ListEmpty>
          ) : (
            <>
              <ul
                className={cn(
                  'grid gap-6 sm:grid-cols-2',
                  result.isPlaceholderData && 'opacity-60',
                )}
                aria-busy={result.isPlaceholderData}
              >
                {listings.map((property, index) => (
                  <li
                    key={property._id}
                    onMouseEnter={() => setHighlightedId(property._id)}
                    onMouseLeave={() => setHighlightedId(null)}
                    onFocus={() => setHighlightedId(property._id)}
                    onBlur={() => setHighlightedId(null)}
                    data-listing-id={property._id}
                    data-highlighted={highlightedId === property._id || undefined}
                    className={cn(
                      // A phone shows one card or two at first: the browser lays out the rest
                      // as they near the screen, so the first listing paints sooner.
                      'rounded-2xl transition-shadow [contain-intrinsic-height:auto_30rem] [content-visibility:auto]',
                      highlightedId === property._id && 'ring-4 ring-amber-400',
                    )}
                  >
                    <PropertyCard
                      property={property}
                      imageLoading={index === 0 ? 'eager' : 'lazy'}
                      badges={
                        <>
                          <AvailabilityBadge availability={property.availability} />
                          <MarketChangeBadge listing={property} />
                        </>
                      }
                      price={
                        property.soldAt ? (
                          <SoldFacts soldPrice={property.soldPrice} soldAt={property.soldAt} />
                        ) : undefined
                      }
                    />
                    {(property.lat === null || property.lng === null) && (
                      <p className="mt-1 px-2 text-xs text-stone-600">{NO_MAP_POSITION}</p>
                    )}
                  </li>
                ))}
              </ul>
              <Pagination
                className="mt-10"
                page={Math.min(search.page, pageCount)}
                pageCount={pageCount}
                onPageChange={(next) => go({ page: next })}
              />
            </>
          )}
        </div>
        {map && mapShown && (
          <div
            className={cn(
              'h-[70vh] min-h-80 lg:sticky lg:top-20 lg:h-[calc(100vh-7rem)]',
              search.view !== 'map' && 'hidden lg:block',
            )}
          >
            {map({
              listings,
              pins: pins.data?.pins ?? [],
              pinsState: {
                total: pins.data?.total ?? 0,
                loading: pins.isPending || pins.isPlaceholderData,
                failed: pins.isError,
                retrying: pins.isFetching,
                onRetry: () => pins.refetch(),
              },
              bbox: search.bbox,
              polygon: search.polygon,
              highlightedId,
              onHighlight: setHighlightedId,
              // The map stays where the buyer is looking: no jump to the top of the page.
              onSearchArea: (bbox) => go({ bbox }, { keepScroll: true }),
              onOutline: (polygon) =>
                go(polygon ? { polygon, bbox: undefined } : { polygon: undefined }, {
                  keepScroll: true,
                }),
            })}
          </div>
        )}
      </div>
    </ContentLayout>
  );
}
