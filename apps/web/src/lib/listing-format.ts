import { formatDollars, formatNumber } from '@keyhaven/shared/constants';
import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** `$250,000 - $300,000`, one amount when both ends agree, N/A when the listing has none. */
export function priceRangeText(minPrice?: number | null, maxPrice?: number | null): string {
  if (known(minPrice) && known(maxPrice)) {
    return minPrice === maxPrice
      ? formatDollars(minPrice)
      : `${formatDollars(minPrice)} - ${formatDollars(maxPrice)}`;
  }
  if (known(minPrice)) return formatDollars(minPrice);
  if (known(maxPrice)) return formatDollars(maxPrice);
  return PROPERTY_MESSAGES.notAvailable;
}

/** `12,345`: counts read with thousands separators. */
export const countFormat = (count: number) => formatNumber(count);

/** `1,850 sqft`, or N/A. */
export const areaText = (areaSize?: number | null) =>
  known(areaSize) ? `${formatNumber(areaSize)} sqft` : PROPERTY_MESSAGES.notAvailable;

/** Beds and baths read 0 when missing. */
export const roomCount = (value?: number | null) => (known(value) ? value : 0);

export const plural = (count: number, one: string, many: string) =>
  `${countFormat(count)} ${count === 1 ? one : many}`;
