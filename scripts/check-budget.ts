/** Build step: prints the landing page's JavaScript and CSS (gzip) and fails when either is over its budget. */
import { LANDING_PAGE_BUDGET, pageWeight } from '../bench/page-weight.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const weight = pageWeight('dist');
const names = { jsGzip: 'JavaScript', cssGzip: 'CSS', inlineCssGzip: 'inline CSS' } as const;
const over = (['jsGzip', 'cssGzip', 'inlineCssGzip'] as const).filter((key) => weight[key] > LANDING_PAGE_BUDGET[key]);

console.log(
  `landing page (gzip): JavaScript ${kb(weight.jsGzip)} of ${kb(LANDING_PAGE_BUDGET.jsGzip)}, ` +
    `CSS ${kb(weight.cssGzip)} of ${kb(LANDING_PAGE_BUDGET.cssGzip)} (after the first paint), ` +
    `inline CSS ${kb(weight.inlineCssGzip)} of ${kb(LANDING_PAGE_BUDGET.inlineCssGzip)}`,
);
if (over.length > 0) {
  console.error(`Over budget: ${over.map((key) => names[key]).join(' and ')}. Files: ${weight.files.join(', ')}`);
  process.exit(1);
}
