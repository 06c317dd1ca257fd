import { ComparePage } from '@/features/compare/pages/compare-page';
import { isMissingProperty, propertyQueryOptions } from '@/features/properties/api/get-property';

/** The compare page, loading each home as its details page does (one cache for both). */
export function CompareRoute() {
  return <ComparePage source={{ query: propertyQueryOptions, isMissing: isMissingProperty }} />;
}
