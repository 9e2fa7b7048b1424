import sqlite3, random, sys, time
random.seed(12)
db = sqlite3.connect(sys.argv[1])
ko = "나이키 운동화 아디다스 신발 빈티지 카메라 필름 가방 지갑 시계 노트북 의자 책상 자전거 헬멧 냉장고 선풍기 이어폰 스피커 한정판 새상품 중고 정품 미개봉 가죽 원목 골동품 도자기 그림 액자".split()
en = "vintage brass lamp oak shelf leather wallet camera lens film nike running shoes watch steel silver gold antique chair desk bicycle helmet speaker record vinyl guitar amp retro classic rare mint boxed signed limited edition blue red green black white wool silk cotton".split()
now = int(time.time()*1000)
rows = []
for i in range(100_000):
    words = random.sample(ko if random.random() < 0.3 else en, 4) + [str(random.randint(1, 999))]
    name = " ".join(words)
    desc = " ".join(random.choice(ko + en) for _ in range(random.randint(8, 40)))
    seller = "seller%d" % random.randint(1, 2000)
    price = random.randint(1, 5000) * 100
    listed = now - random.randint(0, 30*86400_000)
    ends = now + random.randint(60_000, 30*86400_000)
    rows.append((name, seller, desc, price, price, 0, listed, listed, ends))
db.executemany("INSERT INTO products (name, seller, description, start_price, current_price, last_change, last_change_at, listed_at, ends_at) VALUES (?,?,?,?,?,?,?,?,?)", rows)
db.commit()
print(db.execute("select count(*) from products").fetchone())
