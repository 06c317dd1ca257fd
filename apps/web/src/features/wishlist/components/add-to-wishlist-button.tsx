import { OFFER_MESSAGES } from '@keyhaven/shared/texts';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { InlineSpinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

// The removal's confirmation comes down when a buyer first asks to remove a listing, not with the
// listing's page, which then asks for fewer files before it can be taken over.
const loadConfirmDialog = () =>
  import('@/components/ui/alert-dialog').then(({ ConfirmDialog }) => ({ default: ConfirmDialog }));
const ConfirmDialog = lazy(loadConfirmDialog);
const preloadConfirmDialog = () => {
  void loadConfirmDialog();
};

type AddToWishlistButtonProps = {
  propertyId: string;
  /** Names the listing in the removal's confirmation. */
  propertyTitle: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * 'Add To Wish List', for buyers (role user) only. Once the listing is saved
 * (by the buyer, or by an offer on it) the page says so, and the button removes it after a
 * confirmation, as the wishlist page does.
 */
export function AddToWishlistButton({
  propertyId,
  propertyTitle,
  size = 'md',
  className,
}: AddToWishlistButtonProps) {
  const user = useSignedInUser();
  const isBuyer = user.role === 'user';
  const wishlist = useWishlist(user.uid, { enabled: isBuyer });
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const [confirming, setConfirming] = useState(false);
  // Asked for once, the confirmation stays mounted so it can hand focus back as it closes.
  const [confirmWanted, setConfirmWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!isBuyer) return null;

  const saved = wishlist.data?.some((property) => property._id === propertyId) ?? false;

  const save = () => {
    if (add.isPending) return;
    add.mutate(
      { propertyId, user },
      {
        onSuccess: () => toast.success(OFFER_MESSAGES.wishlistAdded),
        onError: (error) => toast.error(errorMessage(error, OFFER_MESSAGES.wishlistFailed)),
      },
    );
  };

  const confirmRemove = () =>
    remove.mutate(
      { propertyId, uid: user.uid },
      {
        onSuccess: () => toast.success(OFFER_MESSAGES.removed),
        onError: () => toast.error(OFFER_MESSAGES.removeFailed),
        onSettled: () => setConfirming(false),
      },
    );

  // One button that changes what it does, so focus stays on it when the listing comes and goes.
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {saved && (
        <p className="flex items-center gap-1.5 text-sm font-medium text-teal-900">
          <CheckIcon className="size-4" />
          Saved to your Wish List
        </p>
      )}
      <Button
        ref={buttonRef}
        variant="secondary"
        size={size}
        className="aria-disabled:cursor-default"
        onPointerEnter={saved ? preloadConfirmDialog : undefined}
        onFocus={saved ? preloadConfirmDialog : undefined}
        onClick={
          saved
            ? () => {
                setConfirmWanted(true);
                setConfirming(true);
              }
            : save
        }
        aria-disabled={add.isPending ? 'true' : undefined}
        aria-busy={add.isPending || undefined}
      >
        {add.isPending ? (
          <>
            <InlineSpinner />
            Adding...
          </>
        ) : saved ? (
          'Remove from Wish List'
        ) : (
          'Add To Wish List'
        )}
      </Button>
      {confirmWanted && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Remove from wishlist?"
            description={
              <p>
                <strong>{propertyTitle}</strong> will no longer be in your saved properties.
              </p>
            }
            confirmLabel="Remove"
            pendingLabel="Removing..."
            tone="danger"
            pending={remove.isPending}
            onConfirm={confirmRemove}
            // Opened from state, not a trigger: focus goes back to the button by hand.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
