import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { MOBILE_DIGITS } from './course.js';

/**
 * A student's mobile number, one rule for the profile form and the API (`profileSchema`):
 *
 * - An Indian mobile, the default: its 10 digits, kept as the student typed them less spaces, hyphens, dots and
 *   brackets (`98765 43210` → `9876543210`). Every row made before other countries were taken has this form, so
 *   every screen, the admin's search and the CSV read old and new rows alike.
 * - Elsewhere: `+` (or `00`) and the country code, checked against libphonenumber's metadata for that country and
 *   kept in E.164 (`+971 50 123 4567` → `+971501234567`). An Indian number written this way is kept as its 10 digits.
 *
 * Anything else gets the product's words for the 10-digit rule; a number with a country code that is no valid
 * number gets its own message, which names the format.
 */
export const mobileMessages = {
  /** The product's words for the 10-digit rule. */
  tenDigits: `Mobile must be exactly ${MOBILE_DIGITS} digits`,
  international:
    'This number is not valid for its country code: + and the country code, then the number (+971 50 123 4567).',
  /** The form's hint beside the field. */
  formats: `An Indian mobile: its ${MOBILE_DIGITS} digits (98765 43210). Outside India: + and the country code first (+971 50 123 4567).`,
} as const;

const INDIA = '91';

export type MobileCheck = { ok: true; mobile: string } | { ok: false; message: string };

/** The number as it is kept, or why it is refused. */
export function normalizeMobile(typed: string): MobileCheck {
  const compact = typed.trim().replace(/[\s().-]/g, '');
  const international = compact.startsWith('+') ? compact : compact.startsWith('00') ? `+${compact.slice(2)}` : null;
  if (international === null) {
    return new RegExp(`^[0-9]{${MOBILE_DIGITS}}$`).test(compact)
      ? { ok: true, mobile: compact }
      : { ok: false, message: mobileMessages.tenDigits };
  }
  const number = /^\+[0-9]+$/.test(international) ? parsePhoneNumberFromString(international) : undefined;
  if (!number?.isValid()) return { ok: false, message: mobileMessages.international };
  if (number.countryCallingCode === INDIA && number.nationalNumber.length === MOBILE_DIGITS)
    return { ok: true, mobile: number.nationalNumber };
  return { ok: true, mobile: number.number };
}
