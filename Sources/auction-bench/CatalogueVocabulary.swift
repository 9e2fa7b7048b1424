// The words the `catalogue` suite's generator writes lots with: real English and Korean words for
// the common end, thousands of made-up but pronounceable words (Latin letters and Hangul syllables)
// for the long tail, drawn with a Zipf-like skew so a few words are everywhere and most are rare.
import AuctionInfrastructure

/// A deterministic vocabulary with a skewed draw (word at rank r weighs 1/(r+1)).
struct CatalogueVocabulary {
    /// The words, most common first.
    let words: [String]
    private let cumulative: [Double]

    /// `words` with their Zipf weights.
    init(words: [String]) {
        self.words = words
        var total = 0.0
        cumulative = words.indices.map { rank in
            total += 1.0 / Double(rank + 1)
            return total
        }
    }

    /// One word, most often a common one.
    func draw(_ random: inout SplitMix64) -> String {
        let target = Double(random.next() >> 11) / Double(1 << 53) * (cumulative.last ?? 0)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return words[low]
    }

    /// English: real listing words first, then `madeUp` invented ones.
    static func english(madeUp: Int) -> CatalogueVocabulary {
        let real = """
            vintage new used rare classic limited edition original antique modern handmade leather wooden steel \
            silver gold brass copper ceramic glass wool silk cotton linen oak walnut pine maple bamboo marble \
            lamp chair desk table shelf cabinet mirror clock watch camera lens film tripod guitar amplifier \
            piano violin drum record vinyl turntable speaker headphones radio television monitor keyboard mouse \
            laptop tablet phone charger cable bicycle helmet tent backpack boots shoes sneakers jacket coat \
            scarf gloves hat dress shirt sweater jeans wallet handbag purse belt ring necklace bracelet earrings \
            painting print poster frame sculpture vase bowl plate mug teapot kettle knife spoon fork pan pot \
            book novel comic magazine map atlas stamp coin medal badge toy doll puzzle board game console \
            cartridge controller blue red green black white grey brown yellow orange purple pink navy \
            small large tiny huge heavy light portable compact mint boxed sealed signed numbered working \
            restored repaired spare parts collection set pair bundle lot kit complete genuine certified \
            japanese italian french german swiss danish british american korean retro industrial rustic \
            elegant sturdy soft warm waterproof wireless electric manual automatic digital analog mechanical
            """
        let words = real.split(separator: " ").map(String.init)
        return CatalogueVocabulary(words: words + inventedLatin(count: madeUp, avoiding: Set(words)))
    }

    /// Korean: real listing words first, then `madeUp` invented two- to four-syllable ones.
    static func korean(madeUp: Int) -> CatalogueVocabulary {
        let real = """
            중고 새상품 정품 미개봉 한정판 빈티지 나이키 아디다스 운동화 신발 가방 지갑 시계 카메라 필름 렌즈 \
            노트북 태블릿 휴대폰 충전기 의자 책상 책장 소파 침대 조명 거울 냉장고 세탁기 선풍기 에어컨 \
            이어폰 헤드폰 스피커 기타 피아노 자전거 헬멧 텐트 배낭 등산화 패딩 코트 자켓 모자 목도리 \
            반지 목걸이 팔찌 귀걸이 그림 액자 도자기 골동품 우표 동전 인형 장난감 게임기 만화책 소설 \
            가죽 원목 유리 은색 금색 검정 흰색 빨강 파랑 초록 소형 대형 무선 전기 수동 자동 디지털
            """
        let words = real.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        return CatalogueVocabulary(words: words + inventedHangul(count: madeUp, avoiding: Set(words)))
    }

    private static func inventedLatin(count: Int, avoiding taken: Set<String>) -> [String] {
        let onsets = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "cl", "dr", "gr", "st", "tr"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ou"]
        let codas = ["", "", "n", "r", "s", "l", "x", "nd", "st"]
        var random = SplitMix64(seed: 0xCA7A_1061_E000_0001)
        var seen = taken
        var words: [String] = []
        while words.count < count {
            var word = ""
            for _ in 0..<(2 + Int(random.next() % 2)) {
                word += onsets[Int(random.next() % UInt64(onsets.count))] + vowels[Int(random.next() % UInt64(vowels.count))]
            }
            word += codas[Int(random.next() % UInt64(codas.count))]
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }

    private static func inventedHangul(count: Int, avoiding taken: Set<String>) -> [String] {
        var random = SplitMix64(seed: 0xCA7A_1061_E000_0002)
        var seen = taken
        var words: [String] = []
        while words.count < count {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(2 + Int(random.next() % 3)) {
                // A syllable block: 19 initials × 21 vowels × 28 finals from U+AC00 (finals mostly none).
                let initial = UInt32(random.next() % 19), vowel = UInt32(random.next() % 21)
                let final = random.next() % 3 == 0 ? UInt32(random.next() % 28) : 0
                if let scalar = Unicode.Scalar(0xAC00 + (initial * 21 + vowel) * 28 + final) { scalars.append(scalar) }
            }
            let word = String(scalars)
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }
}
