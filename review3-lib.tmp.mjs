import { chromium } from 'playwright-core';
export const BASE='http://localhost:8103';
export async function start(user='admin', vp={width:1366,height:800}){
  const browser=await chromium.launch({executablePath:'/usr/bin/chromium'});
  const ctx=await browser.newContext({viewport:vp, locale:'es-AR'});
  const page=await ctx.newPage();
  const errs=[];
  page.on('console',m=>{ if(m.type()==='error'||m.type()==='warning') errs.push(m.type()+': '+m.text().slice(0,300)); });
  page.on('pageerror',e=>errs.push('pageerror: '+e.message));
  page.on('response',r=>{ if(r.url().includes('/api/') && r.status()>=400) errs.push('HTTP '+r.status()+' '+r.request().method()+' '+r.url()); });
  await page.goto(BASE+'/login');
  await page.getByLabel(/email|correo/i).first().fill(user+'@campo.test');
  await page.locator('input[type=password]').fill('Campo#2026');
  await page.getByRole('button',{name:'Ingresar'}).click();
  await page.waitForURL(u=>!/login/.test(u.toString()),{timeout:15000});
  await page.waitForTimeout(1000);
  return {browser,ctx,page,errs};
}
export async function shot(page,name){ await page.screenshot({path:`/tmp/review3/${name}.png`,fullPage:false}); }
