const B='http://localhost:8103/api';
const toks={};
async function login(u){ if(toks[u]) return toks[u]; const r=await fetch(B+'/auth/login',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({email:u+'@campo.test',password:'Campo#2026'})}); const j=await r.json(); return toks[u]=j.token; }
export async function call(u,method,path,body,raw){ const t=u?await login(u):null; const h={}; if(t) h.authorization='Bearer '+t; let b; if(body!==undefined){ if(raw){b=body; } else {h['content-type']='application/json'; b=JSON.stringify(body);} } const r=await fetch(B+path,{method,headers:h,body:b}); const txt=await r.text(); return [r.status, txt.slice(0,400)]; }
const cmds=JSON.parse(process.argv[2]);
for(const c of cmds){ const [s,t]=await call(...c); console.log(c[0],c[1],c[2],JSON.stringify(c[3]??'').slice(0,120),'=>',s,t); }
