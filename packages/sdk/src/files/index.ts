/**
 * The file service's shapes that client and server share (docs/upload.md), free of any browser or
 * Node API so that the server imports them as it imports the error catalogue.
 */
export {
  OBJECT_STORE_FORM_FIELDS,
  objectStoreFormFields,
  type ObjectStoreFormField,
  type SignatureInfo,
} from './objectStoreForm.js';
export { formatQuotaBytes, quotaFits, quotaMessage, quotaSummary, type UploadQuota } from './uploadQuota.js';
export {
  MP4_SLICE_SIZE,
  readMp4Movie,
  type ByteRangeReader,
  type Mp4BoxModule,
  type Mp4Movie,
  type Mp4Track,
  type ReadMovieOptions,
} from './mp4Movie.js';
export { mediaThumbUrl } from './thumbUrl.js';
export {
  BANNER_WIDTHS,
  COVER_WIDTHS,
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  imageSources,
  imageVariantUrl,
  pickVariantWidth,
  variantWidthsFor,
  type ImageSource,
  type ImageVariantFormat,
} from './imageVariants.js';
