import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME } from '@/lib/brand';
import { PublicOriginContext } from '@/lib/public-origin';
import { JsonLd } from './json-ld';
import { PageMeta } from './page-meta';

const ORIGIN = 'https://homes.example.com';

const head = (selector: string) =>
  document.head.querySelector(selector)?.getAttribute('content') ??
  document.head.querySelector(selector)?.getAttribute('href');

describe('PageMeta', () => {
  it('puts the description, canonical address and link preview in the head, at absolute addresses of the public origin', () => {
    render(
      <PublicOriginContext value={ORIGIN}>
        <PageMeta
          title="Property Details"
          description="Harbour Cottage: House in Bar Harbor, Maine, $250,000 - $280,000."
          path="/propertyDetails/abc"
          image="/uploads/abc-1600.webp"
          type="article"
        />
      </PublicOriginContext>,
    );
    const description = 'Harbour Cottage: House in Bar Harbor, Maine, $250,000 - $280,000.';
    expect(head('meta[name="description"]')).toBe(description);
    expect(head('link[rel="canonical"]')).toBe(`${ORIGIN}/propertyDetails/abc`);
    expect(head('meta[property="og:title"]')).toBe(`${BRAND_NAME} | Property Details`);
    expect(head('meta[property="og:description"]')).toBe(description);
    expect(head('meta[property="og:url"]')).toBe(`${ORIGIN}/propertyDetails/abc`);
    expect(head('meta[property="og:type"]')).toBe('article');
    expect(head('meta[property="og:site_name"]')).toBe(BRAND_NAME);
    expect(head('meta[property="og:image"]')).toBe(`${ORIGIN}/uploads/abc-1600.webp`);
    expect(head('meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('uses the page’s own origin in the browser, and names no picture when there is none', () => {
    render(<PageMeta title="About" description="About us." path="/about" />);
    expect(head('link[rel="canonical"]')).toBe(`${window.location.origin}/about`);
    expect(head('meta[property="og:type"]')).toBe('website');
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(head('meta[name="twitter:card"]')).toBe('summary');
  });
});

describe('JsonLd', () => {
  it('escapes every "<", so no text inside can close the script', () => {
    const { container } = render(<JsonLd data={{ name: 'Homes </script><b>bold</b>' }} />);
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script?.innerHTML).not.toContain('<');
    expect(JSON.parse(script?.textContent ?? '')).toEqual({ name: 'Homes </script><b>bold</b>' });
  });
});
