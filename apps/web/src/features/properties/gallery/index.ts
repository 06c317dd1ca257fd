/** A listing's photos on its page, and full screen. */
export { PhotoGallery } from './components/photo-gallery';
