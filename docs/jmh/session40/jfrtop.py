# Copyright 2026 The ReplicaKit authors
# SPDX-License-Identifier: Apache-2.0
"""Summarizes a JFR recording of a JMH run: the top frames of execution samples taken under the benchmark
(self), and the methods anywhere on those stacks (inclusive). Usage: python3 jfrtop.py profile.jfr"""
import json,sys,subprocess,collections
f=sys.argv[1]
out=subprocess.run(['jfr','print','--json','--events','jdk.ExecutionSample',f],capture_output=True,text=True).stdout
d=json.loads(out)
ev=d['recording']['events']
top=collections.Counter(); incl=collections.Counter(); n=0
for e in ev:
    fr=e['values']['stackTrace']['frames'] if e['values'].get('stackTrace') else []
    if not fr: continue
    names=[x['method']['type']['name'].split('.')[-1]+'.'+x['method']['name']+':'+str(x.get('lineNumber')) for x in fr]
    if not any('jmh' in x['method']['type']['name'] for x in fr): continue
    n+=1
    top[names[0]]+=1
    seen=set()
    for x in fr:
        k=x['method']['type']['name'].split('.')[-1]+'.'+x['method']['name']
        if k not in seen: incl[k]+=1; seen.add(k)
print('samples',n)
print('--- top self')
for k,v in top.most_common(25): print('%5.1f%% %s'%(100*v/n,k))
print('--- inclusive')
for k,v in incl.most_common(40): print('%5.1f%% %s'%(100*v/n,k))
