import { LIMITS, type Role } from './constants.js';
import { IMAGE_MAX_PIXELS, type ImagePurpose, PHOTO_LIMITS } from './images.js';
import { formatDollars } from './money.js';

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
} as const;

export const OFFER_MESSAGES = {
  amountRequired: 'Offer amount is required',
  /** An amount holding something other than digits, such as `1e5`. */
  amountInDigits: 'Enter the offer amount in digits',
  amountPositive: 'Offer must be positive',
  amountTooLarge: 'Offer is too large',
  dateRequired: 'Buying date is required',
  dateInPast: 'Buying date must be in the future',
  dateTooFar: 'Buying date must be within two years',
  amountCents: 'Offers can have at most two decimals',
  submitted: 'Your offer has been submitted successfully.',
  sentTitle: 'Offer Sent!',
  failedTitle: 'Error',
  failed: MESSAGES.somethingWentWrong,
  requested: 'Offer Requested',
  statusUpdated: 'Request status updated successfully.',
  statusUpdateFailed: 'Failed to update request status',
  accepted: 'Property request has been accepted',
  acceptFailed: 'Failed to accept property request',
  removed: 'Removed!',
  removeFailed: 'Something went wrong while removing the property.',
  wishlistAdded: 'Added to wishlist!',
  wishlistFailed: 'Something went wrong',
  wishlistEmpty: 'Your wishlist is empty',
  noPurchases: 'No Purchased Properties',
  notFoundText: "The property you're trying to make an offer on couldn't be found.",
  acceptWhileUnderReview:
    'This property is waiting for review: its offers can be accepted once an admin approves it.',
  withdrawn: 'Your offer has been withdrawn and the home is offered to other buyers again.',
  released: 'The accepted offer has been released and the home is offered to other buyers again.',
  releaseBeforeDeadline:
    'The buyer still has time to pay. You can release the offer once the payment deadline passes, or ask an admin.',
  noAcceptedOffer: 'There is no unpaid accepted offer on this property.',
  releaseWhileDeadlinePaused:
    "The buyer's payment deadline is paused while this property is under review. You can release the offer once it resumes and passes, or ask an admin.",
} as const;

/** Why an accepted offer cannot be paid right now; shown to the buyer on their dashboard. */
export const PAYMENT_HOLD_MESSAGES = {
  'under-review':
    'This property is being checked by our team. Payment is on hold until it is approved; you will not be charged.',
  'agent-suspended':
    "Payment is on hold: this property's agent is under investigation. You will not be charged.",
} as const;
export type PaymentHold = keyof typeof PAYMENT_HOLD_MESSAGES;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * `2 days and 5 hours`: the time to pay a paused payment deadline keeps for the buyer (days and
 * hours, or hours and minutes under a day).
 */
export function timeToPayLeft(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute';
  const [big, bigUnit, small, smallUnit] =
    minutes >= 24 * 60
      ? [Math.floor(minutes / (24 * 60)), 'day', Math.floor(minutes / 60) % 24, 'hour']
      : [Math.floor(minutes / 60), 'hour', minutes % 60, 'minute'];
  if (big === 0) return plural(small, smallUnit);
  return small === 0
    ? plural(big, bigUnit)
    : `${plural(big, bigUnit)} and ${plural(small, smallUnit)}`;
}

/** What a paused payment deadline means, for the buyer who cannot pay meanwhile. */
export const pausedDeadlineMessage = (secondsLeft: number) =>
  `Your payment deadline is paused while our team reviews this property. You will still have ${timeToPayLeft(secondsLeft)} to pay once it is approved.`;

/** What buyers see of a listing that has never been approved, in their saved and offered lists. */
export const LISTING_UNDER_REVIEW = {
  title: 'Under review',
  description:
    'This listing is being checked by our team. Its details will show again once it is approved.',
} as const;

/** What a listing's agent is told when an admin has edited it: the edit is live at once. */
export const ADMIN_EDIT_MESSAGES = {
  noticeTitle: (title: string) => `An admin edited ${title}`,
  noticeBody:
    'An admin changed your listing, and buyers see the new version now. Open My Properties to read it.',
} as const;

export const REVIEW_MESSAGES = {
  submitted: 'Review submitted!',
  failedTitle: 'Error submitting review',
  failed: 'Something went wrong.',
  none: 'No reviews found',
  deleted: 'Review deleted.',
  propertyRequired: 'Choose the property you are reviewing',
  ratingNotNumber: `Rating must be a number from ${LIMITS.ratingMin} to ${LIMITS.ratingMax}`,
  ratingNotWhole: `Rating must be a whole number from ${LIMITS.ratingMin} to ${LIMITS.ratingMax}`,
  ratingOutOfRange: `Rating must be from ${LIMITS.ratingMin} to ${LIMITS.ratingMax}`,
  titleTooLong: atMostCharactersMessage(LIMITS.reviewTitleMaxLength),
  textTooLong: atMostCharactersMessage(LIMITS.reviewTextMaxLength),
} as const;

/** The registration form's labels, which also begin its messages (`Full Name is required`). */
export const ACCOUNT_LABELS = {
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone Number',
  country: 'Country',
  birth: 'Date of Birth',
  password: 'Password',
} as const;

export const AUTH_MESSAGES = {
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooWeak: 'Password must contain uppercase, lowercase, and numbers',
  passwordTooLong: tooLongMessage(ACCOUNT_LABELS.password, LIMITS.passwordMaxLength),
  invalidEmail: NEWSLETTER_MESSAGES.invalidEmail,
  invalidPhone: 'Please enter a valid phone number',
  invalidDate: 'Please enter a valid date',
  birthInFuture: 'Date of Birth must be in the past',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  loginFailedTitle: 'Login Failed',
  loginFailed: 'Login failed. Please try again.',
  googleFailed: 'Google Login Failed',
  registered: 'Registered successfully!',
  registrationErrorTitle: 'Registration Error',
  profileSaveFailed: 'Failed to save user data',
} as const;

export const PAYMENT_MESSAGES = {
  sessionFailedTitle: 'Payment Failed',
  sessionFailed: 'Something went wrong while creating the payment session.',
  success: 'Payment Successful!',
  notVerified: 'Payment Not Verified',
  error: 'Error Occurred',
  declined: 'Your card was declined. No payment was taken; try another card.',
  unknownTestCard: 'This is a test checkout: use the card 4242 4242 4242 4242.',
  deadlinePassed:
    'The time to pay for this offer has passed, and the home has been offered to other buyers again.',
  notPayable: 'This offer can no longer be paid.',
} as const;

/** `Offer must be between $250,000 and $280,000`: an offer stays within the listing's price range. */
export const offerBoundsMessage = (min: number, max: number) =>
  `Offer must be between ${formatDollars(min)} and ${formatDollars(max)}`;

export const roleChangedMessage = (role: Role) => `User role has been updated to ${role}`;

export const PHOTO_MESSAGES = {
  required: 'Add at least one photo of the home.',
  tooMany: `A listing can have at most ${PHOTO_LIMITS.maxPerListing} photos.`,
  duplicate: 'This photo is already in the listing.',
  notOurs: 'This photo was not uploaded here, or no longer exists. Please upload it again.',
  coverAltRequired: 'Describe the cover photo for people who cannot see it.',
  altTooLong: `A photo description can be at most ${PHOTO_LIMITS.altMaxLength} characters.`,
  captionTooLong: `A caption can be at most ${PHOTO_LIMITS.captionMaxLength} characters.`,
  /** The Image URL of a request that also lists the photos must be the cover's. */
  imageNotCover: 'Image URL must be the address of the cover photo (the first photo).',
  /** A listing form sent while some of its photos are still uploading, or failed to. */
  stillUploading: 'Some photos are still uploading. Wait until they finish, then save.',
  uploadFailed: 'Some photos did not upload. Retry or remove them, then save.',
  /** An edit that would leave a listing without any photo. */
  lastPhoto: 'A listing needs at least one photo.',
  /** Photos left over when more were chosen than a listing can hold. */
  overLimit: (left: number) =>
    left === 0
      ? `This listing already has ${PHOTO_LIMITS.maxPerListing} photos. Remove one to add another.`
      : `Only ${left} more ${left === 1 ? 'photo fits' : 'photos fit'}: a listing can have at most ${PHOTO_LIMITS.maxPerListing}.`,
  /** The default description of a photo whose agent wrote none. */
  defaultAlt: (title: string, position: number, count: number) =>
    count === 1 ? title : `${title}, photo ${position} of ${count}`,
} as const;

export const IMAGE_MESSAGES = {
  /** A profile photo that is not one of the person's own uploads here (or no longer exists). */
  photoNotUploaded:
    'Please upload your photo here: only photos you uploaded to our site can be used.',
  /** The edit form's Image URL field, given any address but one of our uploads. */
  imageUrlNotOurs:
    'Image URL must be the address of a photo uploaded here. Please upload the photo instead.',
  /** Too many images are being processed right now. */
  busy: 'We are processing many images right now. Please try again in a few seconds.',
  /** One account's images already fill its places in the queue. */
  inProgress: 'You have uploads in progress. Please wait for them to finish, then try again.',
  /** A progressive JPEG that takes far more decoding passes than any camera or editor writes. */
  tooManyScans:
    'This JPEG is saved in an unusual way that takes too long to read. Please save it again as a standard JPEG and upload it.',
  tooManyPixels: (purpose: ImagePurpose) =>
    `The image is too large: at most ${IMAGE_MAX_PIXELS[purpose] / 1_000_000} megapixels for ${
      purpose === 'avatar' ? 'a profile photo' : 'a listing photo'
    }.`,
} as const;
