/// The demo catalogue's raw material: what is for sale, by whom, in what words.
enum DemoItems {
    /// A kind of goods with its price range in won and a sentence about it.
    struct Category {
        var prices: ClosedRange<Int>
        var pitch: [String]
        var names: [String]
    }

    static let categories: [Category] = [
        Category(prices: 80_000...2_000_000, pitch: [
            "Shutter tested at all speeds, light seals replaced.",
            "Lens is clear: no haze, fungus or scratches.",
        ], names: [
            "Leica M3 rangefinder (1958)", "Canon AE-1 Program with 50mm f/1.8", "Fujifilm X100V, silver",
            "Polaroid SX-70 Land Camera", "Nikon F3 HP body", "Hasselblad 500C/M kit",
        ]),
        Category(prices: 30_000...1_500_000, pitch: [
            "Recapped last year; both channels play clean.",
            "Tested with records and streaming, no hum.",
        ], names: [
            "Sony Walkman WM-2", "Marantz 2230 stereo receiver", "Technics SL-1200MK2 turntable",
            "Bose QuietComfort 45 headphones", "Nakamichi Dragon cassette deck", "JBL L100 Classic speakers (pair)",
        ]),
        Category(prices: 40_000...2_000_000, pitch: [
            "Keeps time within a few seconds a day.",
            "Serviced two years ago; papers and box included.",
        ], names: [
            "Seiko 5 Sports automatic", "Omega Seamaster 300M", "Casio G-Shock DW-5600E",
            "Orient Bambino 38mm", "Tudor Black Bay 58",
        ]),
        Category(prices: 50_000...900_000, pitch: [
            "Solid wood, sturdy joints, light wear on the top.",
            "Pickup only from the ground floor, no stairs.",
        ], names: [
            "Walnut mid-century sideboard", "Wishbone-style oak dining chair", "Korean bandaji chest, elm",
            "Teak nesting tables (set of 3)", "Brass floor lamp, 1970s",
        ]),
        Category(prices: 20_000...1_200_000, pitch: [
            "Framed behind glass; the frame has a small chip.",
            "From a private collection, never exhibited.",
        ], names: [
            "Ink landscape scroll, signed", "Celadon glaze moon jar (replica)", "Linocut print 'Han River at Dusk'",
            "Oil on canvas 50 x 65 cm, still life", "Buncheong ware tea bowl",
        ]),
        Category(prices: 5_000...300_000, pitch: [
            "Spine uncracked, pages clean, no writing.",
            "Kept in a smoke-free home away from sunlight.",
        ], names: [
            "First edition 'The Vegetarian', Han Kang", "Complete Tintin box set (English)",
            "Hunminjeongeum facsimile edition", "Vintage Seoul street atlas, 1988",
        ]),
        Category(prices: 10_000...800_000, pitch: [
            "All pieces present, checked against the manual.",
            "Stored in its box since new.",
        ], names: [
            "LEGO 10179 Millennium Falcon UCS", "Famicom console with 12 cartridges", "Gundam RX-78-2 PG 1/60",
            "Tamagotchi original 1997, boxed", "Pokemon Base Set booster (sealed)",
        ]),
        Category(prices: 60_000...1_800_000, pitch: [
            "Set up by a luthier last month; plays in tune.",
            "Comes with a hard case and a spare set of strings.",
        ], names: [
            "Yamaha FG-180 acoustic guitar", "Fender Stratocaster, 1994", "Roland TR-808 drum machine",
            "Gayageum, 12 strings, with case", "Korg Minilogue synthesizer", "Violin 4/4 with bow, 1920s",
        ]),
        Category(prices: 15_000...700_000, pitch: [
            "Worn a handful of times; dry-cleaned.",
            "Measurements on request; no returns on size.",
        ], names: [
            "Burberry trench coat, size M", "Air Jordan 1 'Chicago' (2015), 270 mm", "Silk carre scarf, 90 cm",
            "Handmade leather satchel", "Levi's 501 big E, 1960s",
        ]),
        Category(prices: 10_000...600_000, pitch: [
            "Clean and fully working; descaled before listing.",
            "No chips in the enamel.",
        ], names: [
            "Le Creuset 26 cm Dutch oven", "Hario V60 pour-over set", "Onggi fermentation jar, 20 L",
            "Breville Barista Express espresso machine", "KitchenAid stand mixer, red",
        ]),
        Category(prices: 30_000...1_600_000, pitch: [
            "Serviced this spring; new tyres and cables.",
            "Some cosmetic scratches, nothing structural.",
        ], names: [
            "Carbon road bike, 54 cm", "Taekwondo black belt dobok, signed", "Burton Custom snowboard 156",
            "Titleist golf irons 5-PW", "Brompton folding bike M6L",
        ]),
        Category(prices: 20_000...900_000, pitch: [
            "Boots and runs; battery holds a charge.",
            "Recapped board, retrobright case.",
        ], names: [
            "Apple Macintosh Classic (1990)", "IBM Model M keyboard, 1987", "ThinkPad X220, 16 GB RAM",
            "Nintendo Game Boy DMG-01", "Raspberry Pi cluster, 4 nodes",
        ]),
        Category(prices: 5_000...1_000_000, pitch: [
            "Authenticity certificate included.",
            "Rare in this condition; ships insured.",
        ], names: [
            "1988 Seoul Olympics pin set", "Hodori mascot plush, 1988", "Korean 500-won coin, 1998",
            "Jeju tangerine crate label, 1970s", "Original 'Oldboy' film poster, 2003",
        ]),
    ]

    static let sellers = [
        "Seoul Vintage", "minji_k", "Busan Camera Club", "hanok_home", "Jeonju Books", "daegu_audio",
        "retro.lab", "Incheon Traders", "sooyeon", "mapo_flea", "gwangju_crafts", "old_school_jun",
        "Itaewon Finds", "haneul.shop", "Suwon Collectibles", "yuna_p",
    ]

    static let condition = [
        "Used twice, otherwise like new.", "Well loved but in good working order.",
        "Mint condition.", "Minor signs of use, see photos.", "Bought new, barely used.",
    ]

    static let shipping = [
        "Ships from Seoul within two days.", "Tracked parcel, buyer pays postage.",
        "Free shipping within Korea.", "Pickup in person welcome.",
    ]

    /// Every item with its category, interleaved so each page mixes categories.
    static var interleaved: [(name: String, category: Category)] {
        var items: [(name: String, category: Category)] = []
        let longest = categories.map(\.names.count).max() ?? 0
        for round in 0..<longest {
            for category in categories where round < category.names.count {
                items.append((category.names[round], category))
            }
        }
        return items
    }
}
