import { lazy } from 'react';
import { DeferredUntilIdle } from '@/components/deferred-until-idle';
import { HeroSection } from '@/features/landing/components/hero-section';
import { PropertySearchSection } from '@/features/properties/components/property-search-section';

const HomeBelowTheFold = lazy(() => import('./home-below-the-fold'));

/**
 * Home: the hero, then the search. Everything below the search (how it works, FAQ, why choose,
 * reviews, newsletter) loads once the page is idle, to keep the first download small.
 */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <PropertySearchSection />
      <DeferredUntilIdle>
        <HomeBelowTheFold />
      </DeferredUntilIdle>
    </>
  );
}
