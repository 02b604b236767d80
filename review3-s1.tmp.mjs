import {start,shot,BASE} from './review3-lib.tmp.mjs';
const {browser,page,errs}=await start(process.argv[2]||'admin');
const routes=JSON.parse(process.argv[3]);
for(const r of routes){ errs.length=0; await page.goto(BASE+r); await page.waitForTimeout(2000); const n=r.replace(/[^a-z0-9]+/gi,'_'); await shot(page,n); console.log(r, '|', (await page.locator('h1,h2,h5,h6').allInnerTexts()).slice(0,4).join(' / '), errs.length? '\n   '+errs.join('\n   '):''); }
await browser.close();
