#!/usr/bin/env python3
"""Does game accuracy rank the reference above greedy above random?

Reads the per-move dump of `examples/accuracy_levels.rs` (the reference's
scores before and after each move of sample games between the reference at
depth 8, greedy and random: every ordered pair on each seeded start) and
recomputes each side's game accuracy as `src/analysis/judge.rs` does, for
two win-chance scales (self-play and course), with and without the first-move
cap, and for four ways of combining the move accuracies: `lichess` (mean of
the volatility-weighted and the harmonic mean), `weighted` (the
volatility-weighted mean: what the analysis ships), `harmonic`, `mean`.
Prints the mean per player over self-play games, over cross games and per
opponent, then how often samples of the tests' size rank the three wrong
(6 seeds of self-play; round robins on 3 starts, the tests' size).

Usage: cargo run --release --example accuracy_levels -- knight 100 5000 > knight.tsv
       python3 scripts/accuracy_levels.py knight.tsv 0.025089 0.006568
       (self-play scale, course scale: docs/analysis.md)
"""
import sys, math, csv, collections, statistics
def move_acc(d):
    if d <= 0: return 100.0
    return min(100.0, max(0.0, 103.1668100711649*math.exp(-0.04354415386753951*d) - 3.166924740191411))
def std(xs):
    if not xs: return 0.0
    m = sum(xs)/len(xs); return math.sqrt(sum((x-m)**2 for x in xs)/len(xs))
def weights(series, n):
    size = max(1, min(max(2, min(8, n//10)), len(series)))
    first = series[:size]
    wins = [first]*max(0, size-2) + [series[i:i+size] for i in range(len(series)-size+1)]
    w = [min(12.0, max(0.5, std(x))) for x in wins]
    w += [0.5]*n
    return w[:n]
def game_acc(series, accs, mine, mode):
    w = weights(series, len(accs))
    s=t=inv=0.0; n=0
    for a, wt, m in zip(accs, w, mine):
        if not m: continue
        s += a*wt; t += wt; inv += 1/max(a,1.0); n += 1
    if n == 0 or t == 0: return None
    if mode == 'weighted': return s/t
    if mode == 'harmonic': return n/inv
    if mode in ('wharm','both_w'):
        wi = sum(wt/max(a,1.0) for a,wt,m in zip(accs,w,mine) if m)
        wh = t/wi
        return wh if mode=='wharm' else (s/t+wh)/2
    if mode == 'mean': return sum(a for a,m in zip(accs,mine) if m)/n
    return (s/t + n/inv)/2
def win(scale, score, exact):
    if exact: return 100.0 if score>0 else (0.0 if score<0 else 50.0)
    return 100.0/(1+math.exp(-scale*score))
def load(path):
    games = collections.OrderedDict()
    for r in csv.DictReader(open(path), delimiter='\t'):
        games.setdefault((r['seed'], r['p1'], r['p2']), []).append(r)
    return games
def run(games, scale, cap, mode='lichess', capval=10.0):
    res = collections.defaultdict(lambda: collections.defaultdict(list))  # [self|cross][kind] -> list
    for (seed,p1,p2), ms in games.items():
        accs=[]; series=[]; last=None; moved=set(); sides=[]
        for m in ms:
            sb, sa = int(m['score_before']), int(m['score_after'])
            eb, ea = m['exact_before']=='1', m['exact_after']=='1'
            wb, wa = win(scale, sb, eb), win(scale, sa, ea)
            d = max(0.0, wb-wa)
            first = m['side'] not in moved; moved.add(m['side'])
            if cap and first and m['missed']!='1' and not (ea and sa<0):
                d = min(d, capval)
            accs.append(move_acc(d)); sides.append(m['side'])
            p1v = (lambda w: w) if m['side']=='p1' else (lambda w: 100-w)
            series.append(p1v(wb)); last = p1v(wa)
        series.append(last)
        for side, kind in (('p1',p1),('p2',p2)):
            a = game_acc(series, accs, [s==side for s in sides], mode)
            if a is None: continue
            res['self' if p1==p2 else 'cross'][kind].append(a)
            if p1 != p2: res['vs-'+(p2 if side=='p1' else p1)][kind].append(a)
    return res

def chunks(games, size):
    seeds = sorted({int(k[0]) for k in games})
    for i in range(0, len(seeds) - size + 1, size):
        keep = {str(s) for s in seeds[i:i + size]}
        yield {k: v for k, v in games.items() if k[0] in keep}

def wrong_rankings(games, scale, cap, mode, kind, size):
    wrong = n = 0
    gaps = []
    for sub in chunks(games, size):
        r = run(sub, scale, cap, mode)
        m = {k: statistics.mean(v) for k, v in r[kind].items()}
        n += 1
        wrong += not (m['depth8'] > m['greedy'] > m['random'])
        gaps.append(m['greedy'] - m['random'])
    sd = statistics.stdev(gaps) if len(gaps) > 1 else 0.0
    return f'wrong {wrong}/{n}, greedy - random {statistics.mean(gaps):.1f} (sd {sd:.1f})'

if __name__ == '__main__':
    games = load(sys.argv[1])
    scales = {'selfplay': float(sys.argv[2]), 'course': float(sys.argv[3])}
    for mode in ['lichess', 'weighted', 'harmonic', 'mean']:
        for sname, sc in scales.items():
            for cap in (False, True):
                r = run(games, sc, cap, mode)
                out = []
                for k in ['self', 'cross', 'vs-depth8', 'vs-greedy', 'vs-random']:
                    out.append(k + ': ' + ' '.join(
                        '%s %.1f±%.1f(n%d)' % (kind[:2], statistics.mean(v),
                                               statistics.stdev(v) / math.sqrt(len(v)) if len(v) > 1 else 0, len(v))
                        for kind, v in sorted(r[k].items())))
                print(f'{mode:8} {sname:8} cap={int(cap)} | ' + ' | '.join(out))
                print(f'{"":8} {"":8}       | self-play, 6 seeds: '
                      + wrong_rankings(games, sc, cap, mode, 'self', 6)
                      + ' | round robin, 3 starts: '
                      + wrong_rankings(games, sc, cap, mode, 'cross', 3))
