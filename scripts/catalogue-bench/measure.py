import http.client, time, sys, urllib.parse, random
port = int(sys.argv[1])
c = http.client.HTTPConnection("127.0.0.1", port)
def run(label, targets, n=300):
    ts = []
    for i in range(n):
        t = targets[i % len(targets)]
        s = time.perf_counter(); c.request("GET", t); r = c.getresponse(); body = r.read(); ts.append((time.perf_counter()-s)*1000)
        assert r.status == 200, (r.status, body[:200])
    ts.sort()
    print(f"{label}: n={n} p50={ts[n//2]:.2f} ms p99={ts[int(n*0.99)]:.2f} ms max={ts[-1]:.2f} ms")
q = lambda **kw: "/products/query?" + urllib.parse.urlencode(kw)
run("search (3+ char terms, ranked)", [q(search=w) for w in ["나이키 운동화", "vintage lamp", "카메라", "leather", "한정판 시계", "guitar amp"]])
run("search Korean 2-char (instr scan)", [q(search=w) for w in ["신발", "가방"]], n=60)
run("filter+sort: ending_within=1d, price 1000-200000, sort=price", [q(ending_within=86400, min_price=1000, max_price=200000, sort="price")])
run("sort=ending page", [q(sort="ending")])
run("sort=new, seller filter", [q(sort="new", seller="seller%d" % i) for i in range(1, 50)])
run("search + sort=price", [q(search="vintage", sort="price")])
