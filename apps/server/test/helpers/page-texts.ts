/** The text of a page of `listings` made-up listings, unlike any page of another seed. */
export const pageText = (listings: number, seed: number) =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: listings }, (_, i) => ({
        id: `${seed}-${i}`,
        title: `Home ${(i * 7919 + seed) % 1000} on a quiet street`,
        price: (i * 104_729 + seed) % 1_000_000,
      })),
    ),
  );
