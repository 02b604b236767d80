import { chromium } from 'playwright-core';
const [,, path, out, w = '390', h = '844', user = 'admin@campo.test', action = ''] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
await p.goto('http://localhost:8099/login');
await p.getByLabel('Email').fill(user);
await p.getByLabel('Contraseña', { exact: true }).fill('Campo#2026');
await p.keyboard.press('Enter');
await p.waitForTimeout(1500);
await p.goto('http://localhost:8099' + path);
await p.waitForTimeout(2500);
if (action) { await p.getByRole('button', { name: action }).click(); await p.waitForTimeout(2000); }
console.log('scrollWidth', await p.evaluate(() => document.documentElement.scrollWidth));
const wide = await p.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 12).map((e) => `${e.tagName}.${String(e.className).slice(0, 60)} r=${Math.round(e.getBoundingClientRect().right)} w=${Math.round(e.getBoundingClientRect().width)}`));
console.log(wide.join('\n'));
await p.screenshot({ path: out, fullPage: process.env.FULL === '1' });
await b.close();
