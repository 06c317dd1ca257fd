import { SOLD_MESSAGES } from '@keyhaven/shared/texts';

/**
 * What everyone sees of a home's sale where its price would stand: "Sold $412,000" over "Sold
 * Nov 12, 2026" (its date alone when it was not sold here and has no price). Never its buyer.
 */
export function SoldFacts({
  soldPrice,
  soldAt,
  dateClassName = 'text-sm',
}: {
  soldPrice: number | null | undefined;
  soldAt: string;
  dateClassName?: string;
}) {
  const priced = soldPrice !== null && soldPrice !== undefined;
  return (
    <>
      {priced && <span className="block">{SOLD_MESSAGES.soldPrice(soldPrice)}</span>}
      <span className={priced ? `block font-normal text-stone-700 ${dateClassName}` : 'block'}>
        {SOLD_MESSAGES.soldOn(soldAt)}
      </span>
    </>
  );
}
