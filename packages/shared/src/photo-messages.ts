import { IMAGE_MAX_PIXELS, type ImagePurpose, PHOTO_LIMITS } from './images.js';

/* The words of listing photos and uploaded images, shown only by the pages that upload them. */

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
