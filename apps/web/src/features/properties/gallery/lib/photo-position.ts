/** "3 / 12": where a photo stands among a listing's photos, as the gallery shows it. */
export const photoCounterText = (index: number, count: number) => `${index + 1} / ${count}`;

/** The same, read out: "Photo 3 of 12". */
export const photoPositionText = (index: number, count: number) => `Photo ${index + 1} of ${count}`;

/**
 * The photo before or after `index`. The gallery goes round: Next on the last photo shows the
 * first, so the buttons never disable under a finger or a keyboard's focus.
 */
export const stepPhoto = (index: number, step: 1 | -1, count: number) =>
  (index + step + count) % count;
