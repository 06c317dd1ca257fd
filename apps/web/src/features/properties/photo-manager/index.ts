export {
  draftOfListingPhoto,
  type PhotoDraft,
  photoInputs,
  photosNotReady,
} from './photo-draft';
export { PhotoManager } from './photo-manager';
