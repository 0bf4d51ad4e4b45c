import sys,re,statistics as st
runs=[];cur=None
for line in open(sys.argv[1]):
    m=re.match(r'== (\w+) (\d+)',line)
    if m: cur={'side':m[1],'i':int(m[2]),'r':{}};runs.append(cur);continue
    m=re.match(r'probe rank (\d) total (\d+) us max (\d+) \| pack (\d+) isend (\d+) recv (\d+) wait (\d+) mult (\d+)',line)
    if m:
        r=int(m[1]); d=cur['r'].setdefault(r,{}); d['total']=int(m[2]);cur['max']=int(m[3])
        d['comm']=int(m[5])+int(m[6])+int(m[7]); d['mult']=int(m[8]); d['pack']=int(m[4]); continue
    m=re.match(r'probe rank (\d) mult_ms (.*)',line)
    if m: cur['r'].setdefault(int(m[1]),{})['m']=[float(x) for x in m[2].split()]
    m=re.match(r'bamboo-child: cpu ms (\d+)',line)
    if m: cur['cpu']=int(m[1])
for side in ('ours','mpj'):
    rs=[r for r in runs if r['side']==side and 'max' in r]
    if not rs: continue
    print(side, 'n',len(rs),'max_ms med %.1f'%(st.median([r['max'] for r in rs])/1000), 'all',[round(r['max']/1000,1) for r in rs])
    for rk in (0,1):
        print('  rank',rk,'mult med %.1f'%(st.median([r['r'][rk]['mult'] for r in rs])/1000),'comm med %.2f'%(st.median([r['r'][rk]['comm'] for r in rs])/1000),
              'pack %.2f'%(st.median([r['r'][rk]['pack'] for r in rs])/1000))
        if all('m' in r['r'][rk] for r in rs):
            recvp = range(0,12) if rk==1 else range(12,24)
            sendp = range(12,24) if rk==1 else range(0,12)
            rv=[st.median([r['r'][rk]['m'][q] for q in recvp]) for r in rs]
            sv=[st.median([r['r'][rk]['m'][q] for q in sendp]) for r in rs]
            print('    per-panel mult median: receiving %.2f sending %.2f ms'%(st.median(rv),st.median(sv)))
    print('  cpu med', st.median([r.get('cpu',0) for r in rs]))
# pairs
ratios=[]
for i in sorted(set(r['i'] for r in runs)):
    o=[r for r in runs if r['i']==i and r['side']=='ours' and 'max' in r]; m=[r for r in runs if r['i']==i and r['side']=='mpj' and 'max' in r]
    if o and m: ratios.append(o[0]['max']/m[0]['max'])
if ratios: print('per pair ours/mpj median %.3f'%st.median(ratios), [round(x,3) for x in ratios])
