export {
  draftOfListingPhoto,
  PHOTO_UPLOAD_MESSAGES,
  type PhotoDraft,
  photoInputs,
  photosNotReady,
} from './photo-draft';
export { PhotoManager } from './photo-manager';
