import { photoFromAddress } from '@/lib/image-renditions';
import { CARD_SIZES, ListingPicture } from './listing-picture';

type PropertyImageProps = {
  image: string | null | undefined;
  alt: string;
  /** `card`: a card's width; `feature`: the width of a listing's page. */
  variant: 'card' | 'feature';
  loading?: 'lazy' | 'eager';
  className?: string;
};

/** A listing's picture known by its address alone (the edit form's current picture). */
export function PropertyImage({ image, alt, variant, loading, className }: PropertyImageProps) {
  return (
    <ListingPicture
      photo={photoFromAddress(image, alt)}
      sizes={variant === 'card' ? CARD_SIZES : '(min-width: 1024px) 60vw, 100vw'}
      loading={loading}
      className={className && `aspect-[3/2] w-full ${className}`}
    />
  );
}
