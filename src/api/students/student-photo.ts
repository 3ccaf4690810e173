/** Public address of a student's profile picture, or null when there is none. */
export function studentPhotoUrl(imagePath: string | null): string | null {
  return imagePath ? `/uploads/photos/${encodeURIComponent(imagePath)}` : null;
}
