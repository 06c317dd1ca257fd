import { OFFER_MESSAGES } from '@keyhaven/shared';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { InlineSpinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/features/auth/api/get-session';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useWishlist } from '../api/get-wishlist';

type AddToWishlistButtonProps = {
  propertyId: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * 'Add To Wish List', for users with role user only (spec section 6). Once the listing is saved
 * the same button reads 'Saved to Wish List' and does nothing more, so focus stays where it was.
 */
export function AddToWishlistButton({
  propertyId,
  size = 'md',
  className,
}: AddToWishlistButtonProps) {
  const user = useSignedInUser();
  const isBuyer = user.role === 'user';
  const wishlist = useWishlist(user.uid, { enabled: isBuyer });
  const add = useAddToWishlist();
  if (!isBuyer) return null;

  const saved = wishlist.data?.some((property) => property._id === propertyId) ?? false;

  const save = () => {
    if (saved || add.isPending) return;
    add.mutate(
      { propertyId, user },
      {
        onSuccess: () => toast.success(OFFER_MESSAGES.wishlistAdded),
        onError: (error) => toast.error(errorMessage(error, OFFER_MESSAGES.wishlistFailed)),
      },
    );
  };

  return (
    <Button
      variant="secondary"
      size={size}
      className={cn('aria-disabled:cursor-default', className)}
      onClick={save}
      aria-disabled={saved || add.isPending ? 'true' : undefined}
      aria-busy={add.isPending || undefined}
    >
      {add.isPending ? (
        <>
          <InlineSpinner />
          Adding...
        </>
      ) : saved ? (
        <>
          <CheckIcon className="size-5" />
          Saved to Wish List
        </>
      ) : (
        'Add To Wish List'
      )}
    </Button>
  );
}
