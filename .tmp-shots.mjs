import { chromium } from 'playwright-core';
const [,, tag, base] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const errors = [];
for (const [name, viewport, mobile] of [['desktop', { width: 1280, height: 800 }, false], ['phone', { width: 360, height: 740 }, true]]) {
  for (const js of [true, false]) {
    const ctx = await b.newContext({ viewport, isMobile: mobile, hasTouch: mobile, javaScriptEnabled: js });
    const p = await ctx.newPage();
    p.on('console', (m) => { if (m.type() === 'error') errors.push(`${name} ${m.text()}`); });
    await p.goto(base + '/', { waitUntil: 'networkidle' });
    const pre = `/tmp/landing-shots/${tag}-${name}${js ? '' : '-nojs'}`;
    await p.screenshot({ path: `${pre}-top.png` });
    await p.mouse.wheel(0, 1500); await p.waitForTimeout(300);
    await p.evaluate(() => window.scrollTo(0, 1500));
    await p.screenshot({ path: `${pre}-scrolled.png` });
    await p.evaluate(() => window.scrollTo(0, 0));
    if (mobile) { await p.locator('.navbar-toggler').click(); await p.waitForTimeout(500); }
    await p.locator('.account-menu .dropdown-toggle').click(); await p.waitForTimeout(300);
    await p.screenshot({ path: `${pre}-menu.png` });
    await ctx.close();
  }
}
console.log(errors.join('\n'));
await b.close();
