import type { ComponentType } from 'react';
import { DeferredHomeSections } from '@/features/landing/deferred-home-sections';
import { PropertySearchSection } from '@/features/properties/components/property-search-section';
import { HeroSection } from '../components/hero-section';

/**
 * The home page is a stack of sections in the spec's order. Everything below the search (how it
 * works, FAQ, why choose, reviews, newsletter) loads once the page is idle, to keep the first
 * download small.
 */
const SECTIONS: Array<{ id: string; Section: ComponentType }> = [
  { id: 'hero', Section: HeroSection },
  { id: 'property-search', Section: PropertySearchSection },
  { id: 'below-the-fold', Section: DeferredHomeSections },
];

export function HomePage() {
  return (
    <>
      {SECTIONS.map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </>
  );
}
