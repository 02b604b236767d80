const fs=require('fs');const file=process.argv[2];const p=JSON.parse(fs.readFileSync(file));
const byId=new Map(p.nodes.map(n=>[n.id,n]));const parent=new Map();p.nodes.forEach(n=>(n.children||[]).forEach(c=>parent.set(c,n.id)));
const dt=p.timeDeltas;const cnt=new Map();p.samples.forEach((s,i)=>cnt.set(s,(cnt.get(s)||0)+dt[i]));
let total=0;const self=new Map();const incl=new Map();
for(const [id,t] of cnt){const n=byId.get(id);if(n.callFrame.functionName==='(idle)')continue;total+=t;const k=n.callFrame.functionName+' '+n.callFrame.url.replace(/.*work\/main\//,'')+':'+n.callFrame.lineNumber;self.set(k,(self.get(k)||0)+t);
 const seen=new Set();let cur=id;while(cur!==undefined){const m=byId.get(cur);const kk=m.callFrame.functionName+' '+m.callFrame.url.replace(/.*work\/main\//,'')+':'+m.callFrame.lineNumber;if(!seen.has(kk)){seen.add(kk);incl.set(kk,(incl.get(kk)||0)+t);}cur=parent.get(cur);}}
console.log('non-idle ms',(total/1000).toFixed(0));
console.log('--- self');[...self].sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,t])=>console.log((t/total*100).toFixed(1)+'%',k));
console.log('--- inclusive (server/, domain/)');[...incl].filter(([k])=>/server\/|domain\//.test(k)).sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,t])=>console.log((t/total*100).toFixed(1)+'%',k));
