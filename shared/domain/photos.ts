/**
 * Photos (service photos and employee pictures): images only, at most 10 MB (R-SVC-4). Zod-free so the
 * SPA and every server area read them without another area's contract routes.
 */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PHOTO_MESSAGES = {
  notImage: 'Please select an image file.',
  tooLarge: 'File size must be less than 10MB.',
  uploadFailed: 'Failed to upload photo. Please try again.',
} as const;

/** The browser's check before anything is sent (R-SVC-3); the server checks the bytes again. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.notImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}
