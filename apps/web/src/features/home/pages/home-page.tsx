import type { ComponentType } from 'react';
import { HeroSection } from '../components/hero-section';

/** The home page is a stack of sections in the spec's order; later sections append here. */
const SECTIONS: Array<{ id: string; Section: ComponentType }> = [
  { id: 'hero', Section: HeroSection },
];

export function HomePage() {
  return (
    <>
      <title>Home</title>
      {SECTIONS.map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </>
  );
}
