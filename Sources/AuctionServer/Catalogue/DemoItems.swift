/// The demo catalogue's raw material: what is for sale, by whom, in what words.
enum DemoItems {
    /// A kind of goods, sentences about it and the items of that kind.
    struct Category {
        var pitch: [String]
        /// Item names with a typical asking price in won.
        var names: [(name: String, price: Int)]
    }

    static let categories: [Category] = [
        Category(pitch: [
            "Shutter tested at all speeds, light seals replaced.",
            "Lens is clear: no haze, fungus or scratches.",
        ], names: [
            ("Leica M3 rangefinder (1958)", 1_600_000), ("Canon AE-1 Program with 50mm f/1.8", 280_000), ("Fujifilm X100V, silver", 1_500_000),
            ("Polaroid SX-70 Land Camera", 350_000), ("Nikon F3 HP body", 420_000), ("Hasselblad 500C/M kit", 1_900_000),
        ]),
        Category(pitch: [
            "Recapped last year; both channels play clean.",
            "Tested with records and streaming, no hum.",
        ], names: [
            ("Sony Walkman WM-2", 150_000), ("Marantz 2230 stereo receiver", 650_000), ("Technics SL-1200MK2 turntable", 700_000),
            ("Bose QuietComfort 45 headphones", 180_000), ("Nakamichi Dragon cassette deck", 1_800_000), ("JBL L100 Classic speakers (pair)", 1_400_000),
        ]),
        Category(pitch: [
            "Keeps time within a few seconds a day.",
            "Serviced two years ago; papers and box included.",
        ], names: [
            ("Seiko 5 Sports automatic", 180_000), ("Omega Seamaster 300M", 1_950_000), ("Casio G-Shock DW-5600E", 60_000),
            ("Orient Bambino 38mm", 150_000), ("Tudor Black Bay 58", 1_900_000),
        ]),
        Category(pitch: [
            "Solid wood, sturdy joints, light wear on the top.",
            "Pickup only from the ground floor, no stairs.",
        ], names: [
            ("Walnut mid-century sideboard", 800_000), ("Wishbone-style oak dining chair", 250_000), ("Korean bandaji chest, elm", 900_000),
            ("Teak nesting tables (set of 3)", 300_000), ("Brass floor lamp, 1970s", 180_000),
        ]),
        Category(pitch: [
            "Framed behind glass; the frame has a small chip.",
            "From a private collection, never exhibited.",
        ], names: [
            ("Ink landscape scroll, signed", 450_000), ("Celadon glaze moon jar (replica)", 350_000), ("Linocut print 'Han River at Dusk'", 90_000),
            ("Oil on canvas 50 x 65 cm, still life", 700_000), ("Buncheong ware tea bowl", 120_000),
        ]),
        Category(pitch: [
            "Spine uncracked, pages clean, no writing.",
            "Kept in a smoke-free home away from sunlight.",
        ], names: [
            ("First edition 'The Vegetarian', Han Kang", 250_000), ("Complete Tintin box set (English)", 160_000),
            ("Hunminjeongeum facsimile edition", 80_000), ("Vintage Seoul street atlas, 1988", 25_000),
        ]),
        Category(pitch: [
            "All pieces present, checked against the manual.",
            "Stored in its box since new.",
        ], names: [
            ("LEGO 10179 Millennium Falcon UCS", 1_200_000), ("Famicom console with 12 cartridges", 220_000), ("Gundam RX-78-2 PG 1/60", 260_000),
            ("Tamagotchi original 1997, boxed", 90_000), ("Pokemon Base Set booster (sealed)", 900_000),
        ]),
        Category(pitch: [
            "Set up by a luthier last month; plays in tune.",
            "Comes with a hard case and a spare set of strings.",
        ], names: [
            ("Yamaha FG-180 acoustic guitar", 350_000), ("Fender Stratocaster, 1994", 1_100_000), ("Roland TR-808 drum machine", 1_950_000),
            ("Gayageum, 12 strings, with case", 600_000), ("Korg Minilogue synthesizer", 450_000), ("Violin 4/4 with bow, 1920s", 1_300_000),
        ]),
        Category(pitch: [
            "Worn a handful of times; dry-cleaned.",
            "Measurements on request; no returns on size.",
        ], names: [
            ("Burberry trench coat, size M", 450_000), ("Air Jordan 1 'Chicago' (2015), 270 mm", 900_000), ("Silk carre scarf, 90 cm", 300_000),
            ("Handmade leather satchel", 120_000), ("Levi's 501 big E, 1960s", 700_000),
        ]),
        Category(pitch: [
            "Clean and fully working; descaled before listing.",
            "No chips in the enamel.",
        ], names: [
            ("Le Creuset 26 cm Dutch oven", 220_000), ("Hario V60 pour-over set", 30_000), ("Onggi fermentation jar, 20 L", 70_000),
            ("Breville Barista Express espresso machine", 450_000), ("KitchenAid stand mixer, red", 380_000),
        ]),
        Category(pitch: [
            "Serviced this spring; new tyres and cables.",
            "Some cosmetic scratches, nothing structural.",
        ], names: [
            ("Carbon road bike, 54 cm", 1_500_000), ("Taekwondo black belt dobok, signed", 80_000), ("Burton Custom snowboard 156", 350_000),
            ("Titleist golf irons 5-PW", 600_000), ("Brompton folding bike M6L", 1_700_000),
        ]),
        Category(pitch: [
            "Boots and runs; battery holds a charge.",
            "Recapped board, retrobright case.",
        ], names: [
            ("Apple Macintosh Classic (1990)", 400_000), ("IBM Model M keyboard, 1987", 200_000), ("ThinkPad X220, 16 GB RAM", 180_000),
            ("Nintendo Game Boy DMG-01", 90_000), ("Raspberry Pi cluster, 4 nodes", 260_000),
        ]),
        Category(pitch: [
            "Authenticity certificate included.",
            "Rare in this condition; ships insured.",
        ], names: [
            ("1988 Seoul Olympics pin set", 40_000), ("Hodori mascot plush, 1988", 15_000), ("Korean 500-won coin, 1998", 1_000_000),
            ("Jeju tangerine crate label, 1970s", 10_000), ("Original 'Oldboy' film poster, 2003", 120_000),
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
    static var interleaved: [(name: String, price: Int, category: Category)] {
        var items: [(name: String, price: Int, category: Category)] = []
        let longest = categories.map(\.names.count).max() ?? 0
        for round in 0..<longest {
            for category in categories where round < category.names.count {
                items.append((category.names[round].name, category.names[round].price, category))
            }
        }
        return items
    }
}
