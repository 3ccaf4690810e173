import { chromium } from 'playwright-core';
const [,, file, top, height, out] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 720, height: 1000 } });
await page.goto('file://' + file);
await page.addStyleTag({ content: 'body{margin:0} img{display:block;width:720px;height:auto}' });
await page.screenshot({ path: out, clip: { x: 0, y: Number(top), width: 720, height: Number(height) }, fullPage: true });
await browser.close();
