import { OFFER_MESSAGES } from '@keyhaven/shared/texts';
import { useId } from 'react';
import { generatePath, Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { useSignedInUser } from '@/hooks/use-session';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useMyOffers } from '../api/get-my-offers';
import { closedReason } from '../lib/availability';
import { isLiveOffer, type Property } from '../types';

type MakeOfferButtonProps = {
  property: Pick<Property, '_id' | 'title' | 'availability'>;
  /** Read after the label by screen readers, where many listings share a page ("Make Offer: Villa"). */
  srContext?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const makeOfferPath = (id: string) => generatePath(paths.makeOffer, { id });

/**
 * The buyer's way to the Make Offer page. A disabled 'Offer Requested' once the buyer has a live
 * (pending or accepted) offer on the listing; a note once they bought it; a disabled button with
 * the reason when the listing takes no offers; nothing for agents, admins and fraud accounts, who
 * cannot offer.
 */
export function MakeOfferButton({
  property,
  srContext,
  size = 'md',
  className,
}: MakeOfferButtonProps) {
  const user = useSignedInUser();
  const isBuyer = user.role === 'user';
  const offers = useMyOffers(user.uid, { enabled: isBuyer });
  const reasonId = useId();
  if (!isBuyer) return null;

  const context = srContext && <span className="sr-only">: {srContext}</span>;
  const style = buttonStyles({ size, className });

  // Until the buyer's offers are known, the button waits rather than offer twice.
  if (offers.isPending) {
    return (
      <Button size={size} className={className} disabled aria-busy="true">
        Make Offer{context}
      </Button>
    );
  }
  const mine = offers.data?.filter((offer) => offer._id === property._id) ?? [];
  if (mine.some((offer) => offer.offerStatus === 'paid')) {
    return (
      <p className={cn('text-sm font-medium text-teal-900', className)}>
        You bought this property.{' '}
        <Link to={paths.dashboard.bought} className="underline underline-offset-2">
          See your purchase
        </Link>
      </p>
    );
  }
  if (mine.some(isLiveOffer)) {
    return (
      <Button size={size} variant="secondary" className={className} disabled>
        {OFFER_MESSAGES.requested}
        {context}
      </Button>
    );
  }
  const reason = closedReason(property.availability);
  if (reason) {
    return (
      <div className={cn('flex flex-col gap-1.5', className)}>
        <Button size={size} disabled aria-describedby={reasonId}>
          Make Offer{context}
        </Button>
        <p id={reasonId} className="text-sm text-stone-700">
          {reason}
        </p>
      </div>
    );
  }
  return (
    <Link to={makeOfferPath(property._id)} className={style}>
      Make Offer{context}
    </Link>
  );
}
