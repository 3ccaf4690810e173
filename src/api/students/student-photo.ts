import { profileEndpoints } from '../../contracts/accounts.js';
import { endpointUrl } from '../../contracts/endpoint.js';

/** Public address of a student's profile picture, or null when there is none. */
export function studentPhotoUrl(imagePath: string | null): string | null {
  return imagePath ? endpointUrl(profileEndpoints.photo, { name: imagePath }) : null;
}
