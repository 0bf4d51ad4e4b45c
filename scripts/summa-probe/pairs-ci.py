import sys,re,random,statistics as st
exec(open('an.py').read().split('for side in')[0].replace('sys.argv[1]','F'), {'F':sys.argv[1], **globals()}) if False else None
runs=[];cur=None
for line in open(sys.argv[1]):
    m=re.match(r'== (\w+) (\d+)',line)
    if m: cur={'side':m[1],'i':int(m[2])};runs.append(cur);continue
    m=re.match(r'probe rank (\d) total (\d+) us max (\d+) \| pack (\d+) isend (\d+) recv (\d+) wait (\d+) mult (\d+)',line)
    if m: cur['max']=int(m[3]); cur.setdefault('mult',[]).append(int(m[8]))
def pairs(key):
    out=[]
    for i in sorted(set(r['i'] for r in runs)):
        o=[r for r in runs if r['i']==i and r['side']=='ours' and 'max' in r]; m=[r for r in runs if r['i']==i and r['side']=='mpj' and 'max' in r]
        if o and m: out.append(key(o[0])/key(m[0]))
    return out
for name,key in (('max',lambda r:r['max']),('mult(max of ranks)',lambda r:max(r['mult']))):
    p=pairs(key); random.seed(1)
    bs=sorted(st.median(random.choices(p,k=len(p))) for _ in range(4000))
    print('%s A/B per pair median %.4f [%.4f, %.4f] 90%%, n=%d, A>B in %d'%(name,st.median(p),bs[200],bs[3800],len(p),sum(x>1 for x in p)))
