import { lazy, Suspense } from 'react';
import { DeferredUntilIdle } from '@/components/deferred-until-idle';
import { JsonLd } from '@/components/json-ld';
import { PageMeta } from '@/components/page-meta';
import { HeroSection } from '@/features/landing/components/hero-section';
import { PropertySearchSection } from '@/features/properties/components/property-search-section';
import { BRAND_NAME } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { useAbsoluteUrl } from '@/lib/public-origin';

const HomeBelowTheFold = lazy(() => import('./home-below-the-fold'));
// Shown once a search is made: it stays out of Home's first download.
const SaveSearchButton = lazy(() =>
  import('@/features/saved-searches/components/save-search-button').then((module) => ({
    default: module.SaveSearchButton,
  })),
);

/** What search results and link previews say about the site's front page. */
const HOME_DESCRIPTION = `${BRAND_NAME} is a real-estate marketplace: browse verified listings, work with trusted agents and buy your next home securely.`;

/**
 * Who runs the site and how to search it, for search engines: they may offer a search box that
 * opens Home's results for a location, as the search form does.
 */
function HomeStructuredData() {
  const absolute = useAbsoluteUrl();
  const home = absolute(paths.home);
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Organization',
            name: BRAND_NAME,
            url: home,
            logo: absolute('/favicon.svg'),
          },
          {
            '@type': 'WebSite',
            name: BRAND_NAME,
            url: home,
            potentialAction: {
              '@type': 'SearchAction',
              target: {
                '@type': 'EntryPoint',
                urlTemplate: `${home}?location={search_term_string}`,
              },
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      }}
    />
  );
}

/**
 * Home: the hero, then the search. Everything below the search (how it works, FAQ, why choose,
 * reviews, newsletter) loads once the page is idle, to keep the first download small.
 */
export function HomePage() {
  return (
    <>
      <PageMeta title="Home" description={HOME_DESCRIPTION} path={paths.home} />
      <HomeStructuredData />
      <HeroSection />
      <PropertySearchSection
        searchActions={
          <Suspense fallback={null}>
            <SaveSearchButton />
          </Suspense>
        }
      />
      <DeferredUntilIdle>
        <HomeBelowTheFold />
      </DeferredUntilIdle>
    </>
  );
}
