import type { Tour } from '@keyhaven/shared';
import { TOUR_MESSAGES, TOUR_SCREEN_MESSAGES } from '@keyhaven/shared/texts';
import type { ReactNode } from 'react';
import { ListEmpty, ListResult } from '@/components/list-states';
import { PagedList } from '@/components/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { useBrowserZone } from '@/hooks/use-browser-zone';
import { usePageParam } from '@/hooks/use-page-param';
import { useTours } from '../api/get-tours';
import { dayChip, localDateOf } from '../lib/tour-time';
import { TourCard } from './tour-card';

type Side = 'buyer' | 'agent';

const PAST_PAGE_SIZE = 10;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold text-teal-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Cards({ tours, side }: { tours: Tour[]; side: Side }) {
  const readerZone = useBrowserZone();
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {tours.map((tour) => (
        <li key={tour.id}>
          <TourCard tour={tour} side={side} readerZone={readerZone} />
        </li>
      ))}
    </ul>
  );
}

/** Tours in start order, grouped by the date on their home's clock. */
function byLocalDay(tours: Tour[]) {
  const days = new Map<string, Tour[]>();
  for (const tour of tours) {
    const date = localDateOf(tour.startsAt, tour.timeZone);
    days.set(date, [...(days.get(date) ?? []), tour]);
  }
  return [...days];
}

/**
 * The tours still ahead. An agent sees the requests waiting for their answer first, then the
 * rest by day (the home's date); a buyer sees theirs soonest first.
 */
export function UpcomingTours({ side }: { side: Side }) {
  const query = useTours('upcoming');
  const loading = <Spinner label={TOUR_MESSAGES.loading} className="py-16" />;
  const empty = (
    <ListEmpty>{side === 'agent' ? TOUR_MESSAGES.agentEmpty : TOUR_MESSAGES.buyerEmpty}</ListEmpty>
  );
  if (side === 'buyer') {
    return (
      <Section id="upcoming-tours" title={TOUR_MESSAGES.upcomingSection}>
        <ListResult
          query={query}
          loading={loading}
          failure={TOUR_MESSAGES.loadFailed}
          empty={empty}
        >
          {(tours) => <Cards tours={tours} side={side} />}
        </ListResult>
      </Section>
    );
  }
  return (
    <ListResult query={query} loading={loading} failure={TOUR_MESSAGES.loadFailed} empty={empty}>
      {(tours) => {
        const waiting = tours.filter((tour) => tour.status === 'pending');
        const planned = byLocalDay(tours.filter((tour) => tour.status !== 'pending'));
        return (
          <>
            {waiting.length > 0 && (
              <Section id="waiting-tours" title={TOUR_MESSAGES.requestsSection}>
                <Cards tours={waiting} side={side} />
              </Section>
            )}
            {planned.length > 0 && (
              <Section id="upcoming-tours" title={TOUR_MESSAGES.upcomingSection}>
                <div className="space-y-8">
                  {planned.map(([date, dayTours]) => (
                    <section key={date} aria-labelledby={`tours-${date}`}>
                      <h3 id={`tours-${date}`} className="font-semibold text-stone-800">
                        {TOUR_SCREEN_MESSAGES.onDay(dayChip(date).full)}
                      </h3>
                      <div className="mt-3">
                        <Cards tours={dayTours} side={side} />
                      </div>
                    </section>
                  ))}
                </div>
              </Section>
            )}
          </>
        );
      }}
    </ListResult>
  );
}

/** Tours that ended, were declined or cancelled, latest first, a page at a time. */
export function PastTours({ side }: { side: Side }) {
  const paging = usePageParam();
  const query = useTours('past', paging.page, PAST_PAGE_SIZE);
  return (
    <section aria-label={TOUR_MESSAGES.pastSection} className="mt-12">
      <PagedList
        list={{
          title: TOUR_MESSAGES.pastSection,
          noun: TOUR_SCREEN_MESSAGES.tourNoun,
          pageSize: PAST_PAGE_SIZE,
          pagesLabel: TOUR_SCREEN_MESSAGES.pastPages,
          loadingLabel: TOUR_MESSAGES.loading,
          failure: TOUR_MESSAGES.loadFailed,
        }}
        query={query}
        paging={paging}
        empty={<ListEmpty>{TOUR_MESSAGES.pastEmpty}</ListEmpty>}
      >
        {(tours) => (
          <div className="mt-4">
            <Cards tours={tours} side={side} />
          </div>
        )}
      </PagedList>
    </section>
  );
}
