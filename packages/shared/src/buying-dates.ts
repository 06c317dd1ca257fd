/** Today as YYYY-MM-DD in UTC: a buying date must come after it. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** The first buying date an offer may name (YYYY-MM-DD, UTC): tomorrow, as the date must be after today. */
export const earliestBuyingDateIso = (now = new Date()) => {
  const earliest = new Date(now);
  earliest.setUTCDate(earliest.getUTCDate() + 1);
  return todayIso(earliest);
};

/** The latest buying date an offer may name (YYYY-MM-DD, UTC): two years from today. */
export const latestBuyingDateIso = (now = new Date()) => {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 2);
  return todayIso(latest);
};
