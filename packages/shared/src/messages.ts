import { LIMITS } from './constants.js';

/*
 * The product's user-facing texts, word for word. Both the server and the web read them from
 * here, so a message reads the same wherever it shows.
 */

/** `{Label} is required`, the registration form's rule for every field. */
export const requiredMessage = (label: string) => `${label} is required`;

/** `Full Name must be at most 100 characters`: a named text field that is too long. */
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;

/** `At most 120 characters`, under a field whose label says what it is. */
export const atMostCharactersMessage = (max: number) => `At most ${max} characters`;

/** `Bedrooms must be at most 1000`: a number past what it can be. */
export const atMostMessage = (label: string, max: number) => `${label} must be at most ${max}`;

export const NEWSLETTER_MESSAGES = {
  subscribed: 'You have successfully subscribed',
  /** The answer to every subscription, whether the address is new, waiting or confirmed. */
  confirmSent:
    'You have successfully subscribed. Please confirm with the link we sent to your inbox.',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  confirmTitle: 'Confirm your subscription',
  confirmPrompt: 'Receive the newsletter at the address this link was sent to?',
  confirmAction: 'Confirm my subscription',
  confirming: 'Confirming...',
  confirmed: 'Your subscription is confirmed. Welcome!',
  confirmInvalid: 'This confirmation link is invalid or has expired. Please subscribe again.',
  confirmFailed: 'We could not confirm your subscription just now. Please try again.',
  /** Past the sign-ups one network may make in an hour; `minutes` until it may again. */
  tooManySignUps: (minutes: number) =>
    `Too many sign-ups from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

export const MESSAGES = {
  notFound: {
    code: '404',
    title: 'Page Not Found',
    text: "The page you're looking for doesn't exist or has been moved.",
    action: 'Go Back Home',
  },
  forbidden: {
    title: 'Access Forbidden',
    text: "You don't have permission to view this page. Please check your access level or contact support.",
    action: 'Back to Home',
  },
  genericError: {
    title: 'Oops! Something Went Wrong',
    home: 'Go Home',
    retry: 'Try Again',
  },
  /**
   * An action that failed for a reason the person cannot act on: the server's answer to a
   * failure of its own, and what a page says when the server gave no reason.
   */
  somethingWentWrong: 'Something went wrong. Please try again.',
  /** The server's answer while a part it depends on (its database, Redis) does not answer. */
  briefOutage: 'The service is briefly unavailable. Please try again in a moment.',
  /** Something, a listing or an account, is gone for good. */
  deletedTitle: 'Deleted!',
  upload: {
    invalidTypeTitle: 'Invalid File Type',
    invalidType: 'Please upload a JPG, PNG, GIF, or WEBP image.',
    tooLargeTitle: 'File Too Large',
    tooLarge: 'Maximum file size is 5MB.',
    failedTitle: 'Upload Failed',
    failed: 'Failed to upload image. Please try again.',
    success: 'Image uploaded successfully!',
  },
  search: {
    error: 'Error loading properties. Please try again.',
    empty: 'No properties match your search criteria. Try different filters.',
    beforeSearch: 'Use the search bar above to find properties.',
  },
  newsletter: {
    successTitle: 'Subscribed!',
    success: NEWSLETTER_MESSAGES.subscribed,
    failureTitle: 'Oops...',
    failure: 'Something went wrong. Try again.',
  },
  logoutSuccess: 'Log Out Successful',
} as const;

/** Requests refused before any route reads them: what a client sent, or how often. */
export const REQUEST_MESSAGES = {
  compressedBody: 'Please send the request body uncompressed (without Content-Encoding).',
  nestedTooDeep: 'The request body is nested too deeply.',
  tooManyRequests: (seconds: number) =>
    `Too many requests from your network. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
} as const;

export const PROPERTY_MESSAGES = {
  titleRequired: 'Title is required',
  locationRequired: 'Location is required',
  descriptionTooShort: 'Description should be at least 20 characters',
  typeRequired: 'Property type is required',
  minPriceRequired: 'Minimum price is required',
  maxPriceRequired: 'Maximum price is required',
  bedroomsRequired: 'Number of bedrooms is required',
  bathroomsRequired: 'Number of bathrooms is required',
  areaRequired: 'Area size is required',
  /** A price field holding something other than digits, such as `1e5`. */
  priceInDigits: 'Enter the price in digits',
  bedroomsInDigits: 'Enter the number of bedrooms in digits',
  bathroomsInDigits: 'Enter the number of bathrooms in digits',
  areaInDigits: 'Enter the area size in digits',
  pricePositive: 'Price must be positive',
  priceTooLarge: 'Price is too large',
  roomsPositive: 'Must be 0 or more',
  bedroomsTooMany: atMostMessage('Bedrooms', LIMITS.roomsMax),
  bathroomsTooMany: atMostMessage('Bathrooms', LIMITS.roomsMax),
  areaPositive: 'Must be positive',
  areaTooLarge: atMostMessage('Area size', LIMITS.areaMax),
  areaWhole: 'Use whole square feet',
  /** A search given both of its price choices (priceRange and priceBand). */
  rangeOrBand: 'Choose a price range or a price band, not both',
  maxBelowMinAdd: 'Max price must be ≥ min price',
  maxBelowMinEdit: 'Max price must be greater than min price',
  priceCents: 'Prices can have at most two decimals',
  bathroomsStep: 'Bathrooms go in steps of 0.5',
  bedroomsWhole: 'Bedrooms must be a whole number',
  added: 'Property added successfully!',
  addedTitle: 'Property Added!',
  addedText: 'Your property has been listed successfully.',
  addFailed: 'Failed to add property. Please try again.',
  updated: 'Property updated successfully!',
  updateFailed: 'Failed to update property',
  /** An agent's edit that would send a listing with an accepted offer back to review. */
  editWhileOfferAccepted:
    'This property has an accepted offer: its details are what the buyer agreed to buy and cannot change while the buyer pays. You can edit it again once the sale completes or the offer ends.',
  deletedTitle: MESSAGES.deletedTitle,
  deleted: 'Property has been deleted.',
  deleteFailed: 'Failed to delete',
  approvalUpdated: 'Admin approval status updated.',
  approvalFailed: 'Failed to update approval status.',
  notFound: 'Property Not Found',
  untitled: 'Untitled Property',
  noLocation: 'Location not specified',
  unknownType: 'Unknown',
  /** A price or an area a listing lacks, on cards and details. */
  notAvailable: 'N/A',
  /** Before the agent's name (a link to their profile) on a card. */
  listedBy: 'Listed by',
  /** Before the agent's name (a link to their profile) in the dashboards' lists. */
  agent: 'Agent:',
} as const;

/** What a listing's agent is told when an admin has edited it: the edit is live at once. */
export const ADMIN_EDIT_MESSAGES = {
  noticeTitle: (title: string) => `An admin edited ${title}`,
  noticeBody:
    'An admin changed your listing, and buyers see the new version now. Open My Properties to read it.',
} as const;
