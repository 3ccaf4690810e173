/**
 * Public facts about the running site that pages show (nothing secret): the fee that is charged, and where to write
 * to. The server renders them into every page it serves, embeds them for the browser, and answers them at
 * `GET /api/v1/site`. The admin's own email is not one of them. No zod here: the landing page's bundle imports this.
 */
export interface SiteInfo {
  contactEmail: string;
  courseFeePaise: number;
}

/** Where people write when something went wrong, until CONTACT_EMAIL says otherwise. */
export const DEFAULT_CONTACT_EMAIL = 'support@c-course.local';

/** The id of the JSON block that carries SiteInfo in every page. */
export const SITE_INFO_ELEMENT_ID = 'site-info';

/** SiteInfo as a JSON block inside HTML: `<` escaped, so no text in it can close the script element. */
export function siteInfoScript(info: SiteInfo): string {
  const json = JSON.stringify({ contactEmail: info.contactEmail, courseFeePaise: info.courseFeePaise }).replaceAll(
    '<',
    '\\u003c',
  );
  return `<script type="application/json" id="${SITE_INFO_ELEMENT_ID}">${json}</script>`;
}
