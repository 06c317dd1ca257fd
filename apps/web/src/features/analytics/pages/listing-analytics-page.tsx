import { ANALYTICS_PERIODS, BUSINESS_LIMITS } from '@keyhaven/shared/constants';
import { ANALYTICS_MESSAGES } from '@keyhaven/shared/texts';
import { useId } from 'react';
import { PeriodPicker } from '@/components/charts/period-picker';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { PagedList, type PagedListSpec } from '@/components/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { useAnalyticsListings } from '../api/get-analytics-listings';
import { useListingAnalytics } from '../api/get-listing-analytics';
import type { ListingAnalytics } from '../api/twins';
import { DailyChart } from '../components/daily-chart';
import { Funnel } from '../components/funnel';
import { ListingsTable } from '../components/listings-table';
import { TotalsCards } from '../components/totals-cards';
import { FIGURES } from '../lib/figures';
import { useAnalyticsParams } from '../lib/use-analytics-params';

const TEXT = {
  heading: 'Analytics',
  intro:
    'How buyers find and act on your listings: views of their pages, saves to wishlists, offers, accepted offers and sales.',
  periods: 'Period',
  loading: 'Loading your figures',
  failure: "We couldn't load your figures. Please try again.",
  funnel: 'From a view to a sale',
  tableTitle: 'Your listings',
  tableLoading: 'Loading your listings',
  tableFailure: "We couldn't load your listings. Please try again.",
} as const;

const periodName = (days: number) => `Last ${days} days`;

const quiet = (analytics: ListingAnalytics) =>
  FIGURES.every(({ key }) => analytics.totals[key] === 0 && analytics.previous[key] === 0);

function Summary({ analytics }: { analytics: ListingAnalytics }) {
  const funnelHeadingId = useId();
  return (
    <>
      <TotalsCards analytics={analytics} />
      {quiet(analytics) && <ListEmpty className="mt-4">{ANALYTICS_MESSAGES.noData}</ListEmpty>}
      <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <DailyChart analytics={analytics} />
        <section className="rounded-2xl border border-sand bg-white p-4 shadow-sm">
          <h2 id={funnelHeadingId} className="font-semibold text-stone-900">
            {TEXT.funnel}
          </h2>
          <Funnel totals={analytics.totals} headingId={funnelHeadingId} />
        </section>
      </div>
    </>
  );
}

const LISTINGS_LIST: PagedListSpec = {
  title: TEXT.tableTitle,
  noun: ['listing', 'listings'],
  pageSize: BUSINESS_LIMITS.analyticsTablePageSize,
  pagesLabel: 'Listing pages',
  loadingLabel: TEXT.tableLoading,
  failure: TEXT.tableFailure,
};

/** An agent's figures over 7, 30 or 90 days, and each of their listings', sortable. */
export function ListingAnalyticsPage() {
  const agent = useSignedInUser();
  const { period, sort, order, page, goToPage, sortBy } = useAnalyticsParams();
  const summary = useListingAnalytics(agent.uid, period);
  const listings = useAnalyticsListings(agent.uid, {
    period,
    sort,
    order,
    page,
    limit: LISTINGS_LIST.pageSize,
  });
  const tableHeadingId = useId();
  const noListings = summary.data?.listings === 0;

  return (
    <ContentLayout heading={TEXT.heading}>
      <p className="mt-3 max-w-3xl text-stone-700">{TEXT.intro}</p>
      <PeriodPicker
        periods={ANALYTICS_PERIODS}
        current={period}
        label={TEXT.periods}
        nameOf={periodName}
        className="mt-5"
      />

      {summary.isPending && <Spinner label={TEXT.loading} className="py-16" />}
      {summary.isError && (
        <ListError
          className="mt-6"
          error={summary.error}
          message={TEXT.failure}
          onRetry={() => summary.refetch()}
          retrying={summary.isFetching}
        />
      )}
      {noListings && <ListEmpty className="mt-6">{ANALYTICS_MESSAGES.noListings}</ListEmpty>}
      {summary.isSuccess && !noListings && (
        <div aria-busy={summary.isFetching}>
          <Summary analytics={summary.data} />
        </div>
      )}

      {!noListings && (
        <section aria-labelledby={tableHeadingId} className="mt-8">
          <PagedList
            list={LISTINGS_LIST}
            query={listings}
            paging={{ page, goToPage }}
            titleId={tableHeadingId}
            empty={<ListEmpty>{ANALYTICS_MESSAGES.noListings}</ListEmpty>}
          >
            {(items) => (
              <ListingsTable
                rows={items}
                label={`${TEXT.tableTitle}, ${periodName(period).toLowerCase()}`}
                sort={sort}
                order={order}
                onSort={sortBy}
              />
            )}
          </PagedList>
        </section>
      )}
    </ContentLayout>
  );
}
