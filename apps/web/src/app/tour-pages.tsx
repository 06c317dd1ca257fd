import { TOUR_PAGE_TITLES } from '@keyhaven/shared/constants';
import type { RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { lazyPage } from './lazy-page';

/* The pages of viewing tours, loaded on demand as every page but Home, and their routes. */

const ToursPage = lazyPage('tours-page', () =>
  import('@/features/tours/pages/tours-page').then((m) => m.ToursPage),
);
const MyToursPage = lazyPage('my-tours-page', () =>
  import('@/features/tours/pages/my-tours-page').then((m) => m.MyToursPage),
);
const TourAvailabilityPage = lazyPage('tour-availability-page', () =>
  import('@/features/tours/pages/tour-availability-page').then((m) => m.TourAvailabilityPage),
);

/** The buyer's My Tours, among the dashboard pages every signed-in person may open. */
export const buyerTourRoutes: RouteObject[] = [
  {
    path: paths.dashboard.myTours,
    element: <MyToursPage />,
    handle: { title: TOUR_PAGE_TITLES.buyer },
  },
];

/** The agent's Tours and a listing's viewing availability, among the agent's pages. */
export const agentTourRoutes: RouteObject[] = [
  {
    path: paths.dashboard.tours,
    element: <ToursPage />,
    handle: { title: TOUR_PAGE_TITLES.agent },
  },
  {
    path: paths.dashboard.tourAvailability,
    element: <TourAvailabilityPage />,
    handle: { title: TOUR_PAGE_TITLES.availability },
  },
];
