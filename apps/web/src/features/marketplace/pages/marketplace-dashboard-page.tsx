import { DASHBOARD_PERIODS } from '@keyhaven/shared/constants';
import { type ReactNode, useId } from 'react';
import { PeriodPicker, usePeriodParam } from '@/components/charts/period-picker';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListError } from '@/components/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useMarketplaceDashboard } from '../api/get-marketplace-dashboard';
import { DashboardCharts } from '../components/dashboard-charts';
import { ExportLinks } from '../components/export-links';
import { PendingListings } from '../components/pending-listings';
import { TopLocations } from '../components/top-locations';

const TEXT = {
  heading: 'Marketplace',
  intro:
    'The whole marketplace at a glance: the approval queue, decisions on listings, new accounts, offers and sales.',
  periods: 'Period',
  loading: 'Loading the marketplace figures',
  failure: "We couldn't load the marketplace figures. Please try again.",
} as const;

const periodName = (days: number) => (days === 365 ? 'Last 12 months' : `Last ${days} days`);

function Section({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-stone-800">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** For admins: the marketplace over 30, 90 or 365 days, with its data to download. */
export function MarketplaceDashboardPage() {
  const period = usePeriodParam(DASHBOARD_PERIODS, 30);
  const dashboard = useMarketplaceDashboard(period);

  return (
    <ContentLayout heading={TEXT.heading}>
      <p className="mt-3 max-w-3xl text-stone-700">{TEXT.intro}</p>
      <PeriodPicker
        periods={DASHBOARD_PERIODS}
        current={period}
        label={TEXT.periods}
        nameOf={periodName}
        className="mt-5"
      />

      <Section title="Download as CSV">
        <p className="mt-1 text-sm text-stone-700">
          {`Accounts opened, listings created and homes sold in the ${periodName(period).toLowerCase()}, one row each.`}
        </p>
        <ExportLinks period={period} />
      </Section>

      {dashboard.isPending && <Spinner label={TEXT.loading} className="py-16" />}
      {dashboard.isError && (
        <ListError
          className="mt-6"
          error={dashboard.error}
          message={TEXT.failure}
          onRetry={() => dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      )}
      {dashboard.isSuccess && (
        <div aria-busy={dashboard.isFetching}>
          <Section title="Waiting for approval">
            <PendingListings pending={dashboard.data.pending} />
          </Section>
          <Section title="Activity">
            <DashboardCharts dashboard={dashboard.data} />
          </Section>
          <Section title="Top locations">
            <TopLocations dashboard={dashboard.data} />
          </Section>
        </div>
      )}
    </ContentLayout>
  );
}
