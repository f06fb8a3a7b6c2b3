export { mediaRoutes } from './media.routes';
export { deleteImage, isOwnImageKey, MAX_IMAGE_BYTES, mediaUrl, normaliseImage, storeImage } from './media.service';
export { MEDIA_KEY, mediaStore } from './media.store';
export {
  claimUpload,
  recordUpload,
  releaseImage,
  startUploadSweep,
  sweepUploads,
  UNCLAIMED_TTL_MS,
  type MediaPurpose,
} from './media.uploads';
