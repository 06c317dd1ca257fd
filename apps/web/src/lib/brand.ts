import { DEFAULT_BRAND_NAME } from '@keyhaven/shared';

const PLACEHOLDER = '%BRAND_NAME%';

/**
 * The server writes the configured brand into index.html at serve time; when the page is served
 * without that step (Vite dev server, `vite preview`) the placeholder is still there.
 */
function readBrand(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="brand"]')?.content.trim();
  return content && content !== PLACEHOLDER ? content : DEFAULT_BRAND_NAME;
}

export const BRAND_NAME = readBrand();

/** `{Page} | {brand}`, the title of most pages. */
export const pageTitle = (page: string) => `${page} | ${BRAND_NAME}`;

/** `{brand} | {suffix}`, the order the spec uses for Make Offer, Forbidden and Not Found. */
export const brandTitle = (suffix: string) => `${BRAND_NAME} | ${suffix}`;
