import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { agentQueryOptions } from '@/features/agents/api/get-agent';
import { agentListingsQueryOptions } from '@/features/agents/api/get-agent-listings';
import { agentSalesQueryOptions } from '@/features/agents/api/get-agent-sales';
import { agentsQueryOptions } from '@/features/agents/api/get-agents';
import { AGENT_LISTINGS_PAGE_SIZE } from '@/features/agents/components/agent-listings-section';
import { AGENT_SALES_PAGE_SIZE } from '@/features/agents/components/agent-sales-section';
import { agentsRequestFrom } from '@/features/agents/pages/agents-page';
import { auditLogQueryOptions } from '@/features/audit/api/get-audit-log';
import { auditLogRequestFrom } from '@/features/audit/pages/audit-log-page';
import { providersQueryOptions } from '@/features/auth/api/get-providers';
import { comparedIds } from '@/features/compare/lib/compare-rows';
import { notificationSettingsQueryOptions } from '@/features/notifications/api/notification-settings';
import { myOffersQueryOptions } from '@/features/offers/api/get-my-offers';
import { openHousesQueryOptions } from '@/features/open-houses/api/get-open-houses';
import { demoCheckoutQueryOptions } from '@/features/payments/api/demo-checkout';
import { allPropertiesQueryOptions } from '@/features/properties/api/get-all-properties';
import { managedPropertiesQueryOptions } from '@/features/properties/api/get-managed-properties';
import { propertyQueryOptions } from '@/features/properties/api/get-property';
import { mayEdit } from '@/features/properties/lib/may-edit';
import { catalogueQueryFrom } from '@/features/properties/pages/all-properties-page';
import {
  MANAGED_COUNT_STATUSES,
  managePropertiesQueryFrom,
} from '@/features/properties/pages/manage-properties-page';
import { myPropertiesQueryFrom } from '@/features/properties/pages/my-properties-page';
import { myReportQueryOptions } from '@/features/reports/api/get-my-report';
import {
  agentReviewsQueryOptions,
  propertyReviewsQueryOptions,
} from '@/features/reviews/api/get-reviews';
import { AGENT_REVIEWS_PAGE_SIZE } from '@/features/reviews/components/agent-reviews-section';
import { PROPERTY_REVIEWS_PAGE_SIZE } from '@/features/reviews/components/property-reviews-section';
import { sharedWishlistQueryOptions } from '@/features/shopping-together/api/shared-wishlist';
import { listingPanelToursQueryOptions } from '@/features/tours/api/get-tours';
import { wishlistQueryOptions } from '@/features/wishlist/api/get-wishlist';
import { COMPARE_LIMIT } from '@/lib/compare-list';
import { paths } from '@/lib/paths';
import type { User } from '@/lib/user';

/** What the server knows of a request when it loads a page's data ahead of rendering it. */
export type PrefetchContext = {
  queryClient: QueryClient;
  params: Params;
  searchParams: URLSearchParams;
  /** The signed-in visitor, or null. */
  user: User | null;
};

/*
 * The data of the signed-in pages the server renders with their listings. Only the server loads
 * this module (the route table imports it on demand), so none of it weighs on the first download.
 */

/**
 * Which sign-in providers the server has, so Login and Register come with 'Continue with Google'
 * in place when it is configured, and without it (nor room for it) when not.
 */
export const prefetchSignIn = ({ queryClient }: PrefetchContext) =>
  queryClient.prefetchQuery(providersQueryOptions());

export const prefetchAllProperties = ({ queryClient, searchParams }: PrefetchContext) =>
  queryClient.prefetchQuery(allPropertiesQueryOptions(catalogueQueryFrom(searchParams)));

/*
 * The filtered dashboard lists, so a search sent by a plain form (before the page's code runs, or
 * without it) arrives with its results.
 */

export const prefetchMyProperties = ({ queryClient, searchParams, user }: PrefetchContext) =>
  user
    ? queryClient.prefetchQuery(
        managedPropertiesQueryOptions(myPropertiesQueryFrom(searchParams, user.uid)),
      )
    : Promise.resolve();

export const prefetchManageProperties = ({ queryClient, searchParams }: PrefetchContext) =>
  Promise.all([
    queryClient.prefetchQuery(
      managedPropertiesQueryOptions(managePropertiesQueryFrom(searchParams)),
    ),
    ...MANAGED_COUNT_STATUSES.map((status) =>
      queryClient.prefetchQuery(managedPropertiesQueryOptions({ status, page: 1, limit: 1 })),
    ),
  ]);

export const prefetchAuditLog = ({ queryClient, searchParams }: PrefetchContext) =>
  queryClient.prefetchQuery(auditLogQueryOptions(auditLogRequestFrom(searchParams)));

/**
 * The listing, its open houses, its first reviews, the viewer's report of it and, for a buyer,
 * what the offer, wishlist and Request a tour buttons show.
 */
export function prefetchPropertyDetails({ queryClient, params, user }: PrefetchContext) {
  const id = params.id ?? '';
  const loads = [
    queryClient.prefetchQuery(propertyQueryOptions(id)),
    queryClient.prefetchQuery(openHousesQueryOptions(id)),
    queryClient.prefetchInfiniteQuery(propertyReviewsQueryOptions(id, PROPERTY_REVIEWS_PAGE_SIZE)),
  ];
  // Whether the viewer already reported it: the Report button shows its state at once.
  if (user && user.role !== 'fraud')
    loads.push(queryClient.prefetchQuery(myReportQueryOptions(id)));
  if (user?.role === 'user') {
    loads.push(
      queryClient.prefetchQuery(myOffersQueryOptions(user.uid)),
      queryClient.prefetchQuery(wishlistQueryOptions(user.uid)),
      queryClient.prefetchQuery(listingPanelToursQueryOptions()),
    );
  }
  return Promise.all(loads);
}

/**
 * My Wish List with its homes, the buyer's offers (each card's Make Offer) and the list they
 * share, so its buttons and forms are there, and held until the app runs, from the first paint.
 */
export const prefetchWishlist = ({ queryClient, user }: PrefetchContext) =>
  user?.role === 'user'
    ? Promise.all([
        queryClient.prefetchQuery(wishlistQueryOptions(user.uid)),
        queryClient.prefetchQuery(myOffersQueryOptions(user.uid)),
        queryClient.prefetchQuery(sharedWishlistQueryOptions()),
      ])
    : Promise.resolve();

/** The agents' directory as its address asks for it: search, order and page. */
export const prefetchAgents = ({ queryClient, searchParams }: PrefetchContext) =>
  queryClient.prefetchQuery(agentsQueryOptions(agentsRequestFrom(searchParams)));

/** The agent's profile with the first page of their homes for sale, of their sales and of reviews. */
export function prefetchAgentProfile({ queryClient, params }: PrefetchContext) {
  const id = params.id ?? '';
  return Promise.all([
    queryClient.prefetchQuery(agentQueryOptions(id)),
    queryClient.prefetchQuery(agentListingsQueryOptions(id, 1, AGENT_LISTINGS_PAGE_SIZE)),
    queryClient.prefetchQuery(agentSalesQueryOptions(id, 1, AGENT_SALES_PAGE_SIZE)),
    queryClient.prefetchInfiniteQuery(agentReviewsQueryOptions(id, AGENT_REVIEWS_PAGE_SIZE)),
  ]);
}

/** The listing to edit, so the form arrives filled in, or its visitor is sent away first. */
export const prefetchEditProperty = ({ queryClient, params }: PrefetchContext) =>
  queryClient.prefetchQuery(propertyQueryOptions(params.id ?? ''));

/** Forbidden, for a signed-in visitor who may not edit the listing (neither its agent nor an admin). */
export function editPropertyRedirect({ queryClient, params, user }: PrefetchContext) {
  const property = queryClient.getQueryData(propertyQueryOptions(params.id ?? '').queryKey);
  return user && property && !mayEdit(user, property) ? paths.forbidden : null;
}

/** Each compared home, so the table arrives filled in; a missing one is left for the page to say. */
export const prefetchCompare = ({ queryClient, searchParams }: PrefetchContext) =>
  Promise.all(
    comparedIds(searchParams, COMPARE_LIMIT).ids.map((id) =>
      queryClient.prefetchQuery(propertyQueryOptions(id)),
    ),
  );

/*
 * The pages whose form works without the app (decision 042): they arrive with what the form needs,
 * so it stands in the page as the server sends it.
 */

/** The listing and, for a buyer, their offers: Make Offer shows its form, or why not, at once. */
export function prefetchMakeOffer({ queryClient, params, user }: PrefetchContext) {
  const loads = [queryClient.prefetchQuery(propertyQueryOptions(params.id ?? ''))];
  if (user?.role === 'user') loads.push(queryClient.prefetchQuery(myOffersQueryOptions(user.uid)));
  return Promise.all(loads);
}

export const prefetchNotificationSettings = ({ queryClient, user }: PrefetchContext) =>
  user ? queryClient.prefetchQuery(notificationSettingsQueryOptions(user._id)) : Promise.resolve();

export const prefetchDemoCheckout = ({ queryClient, params }: PrefetchContext) =>
  queryClient.prefetchQuery(demoCheckoutQueryOptions(params.sessionId ?? ''));
