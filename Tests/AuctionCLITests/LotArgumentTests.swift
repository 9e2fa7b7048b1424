import AuctionCLI
import AuctionCore
import Testing

@Suite struct LotArgumentTests {
    @Test(arguments: [("45m", 2_700), ("1h30m", 5_400), ("2d", 172_800), ("1d12h", 129_600), ("90s", 90), ("1h0m5s", 3_605)] as [(String, Int64)])
    func readsDurations(text: String, seconds: Int64) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "1", "h", "1h30", "30m1h", "1h1h", "-5m", "1.5h", "1 h", "5x", "1s5m", "9999999999d"])
    func refusesOtherDurations(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test func readsUTCTimesWithAndWithoutSeconds() {
        #expect(EndTimeText.timestamp("1970-01-01T00:00Z", zone: .utc) == Timestamp(millisecondsSinceEpoch: 0))
        #expect(EndTimeText.timestamp("2026-12-01T18:00Z", zone: .utc)?.description == "2026-12-01T18:00:00.000Z")
        #expect(EndTimeText.timestamp("2024-02-29T23:59:59Z", zone: .utc)?.description == "2024-02-29T23:59:59.000Z")
    }

    @Test func readsAnyRFC3339OffsetAndFractions() {
        // #33: `--ends-at 2026-12-01T22:40:00+09:00` was refused (only `Z` was read).
        let seoul = TimeOfDay(utcOffsetSeconds: 0)  // the zone does not matter when the text carries an offset
        #expect(EndTimeText.timestamp("2026-12-01T22:40:00+09:00", zone: seoul)?.description == "2026-12-01T13:40:00.000Z")
        #expect(EndTimeText.timestamp("2026-12-01T08:40-05:00", zone: seoul)?.description == "2026-12-01T13:40:00.000Z")
        #expect(EndTimeText.timestamp("2026-12-01t13:40:00.250z", zone: seoul)?.description == "2026-12-01T13:40:00.250Z")
        #expect(EndTimeText.timestamp("2026-12-01T19:10:00+05:30", zone: seoul)?.description == "2026-12-01T13:40:00.000Z")
    }

    @Test func readsALocalTimeWithoutAnOffsetInTheGivenZone() {
        let seoul = TimeOfDay(utcOffsetSeconds: 9 * 3600, zoneAbbreviation: "KST")
        #expect(EndTimeText.timestamp("2026-12-01 22:40", zone: seoul)?.description == "2026-12-01T13:40:00.000Z")
        #expect(EndTimeText.timestamp("2026-12-01T22:40:30", zone: seoul)?.description == "2026-12-01T13:40:30.000Z")
    }

    @Test(arguments: ["2026-12-01", "2026-13-01T18:00Z", "2025-02-29T10:00Z", "2026-12-01T24:00Z", "2026-12-01 18:00 KST",
                      "2026-12-01T18:60Z", "2026-12-01T18:00:60Z", "2026-12-01T18:00+24:00", "2026-12-01T18:00+0900",
                      "2026-12-01T18:00:00.Z", "2026-12-01T18:00Q", "tomorrow"])
    func refusesOtherTimes(text: String) {
        #expect(EndTimeText.timestamp(text, zone: .utc) == nil)
    }

    @Test func repeatedImageOptionsKeepEveryValueInOrder() throws {
        guard case .run(let invocation) = try ArgumentParser().parse(["sell", "--image", "a.png", "--image=b.jpg", "--name", "x"]) else {
            Issue.record("not a run")
            return
        }
        #expect(LotOptions(reading: invocation).imagePaths == ["a.png", "b.jpg"])
        #expect(LotOptions(reading: invocation).name == "x")
    }

    @Test func lotRulesCheckTheBounds() {
        let now = Timestamp(millisecondsSinceEpoch: 1_000_000_000_000)
        let ok = LotListing(name: "Lamp", startPrice: 10, ending: .after(seconds: 60))
        #expect(LotRules.problem(with: ok, imageSizes: [1, LotRules.maximumImageBytes], now: now) == nil)
        var listing = ok
        listing.name = "   "
        #expect(LotRules.problem(with: listing, imageSizes: [], now: now) != nil)
        listing = ok
        listing.ending = .at(now.adding(milliseconds: 30 * 86_400_000 + 1_000))
        #expect(LotRules.problem(with: listing, imageSizes: [], now: now) != nil)
        listing.ending = .at(now.adding(milliseconds: 59_000))
        #expect(LotRules.problem(with: listing, imageSizes: [], now: now) != nil)
        #expect(LotRules.problem(with: ok, imageSizes: [0], now: now) == "image 1 is empty")
        #expect(LotRules.problem(with: ok, imageSizes: Array(repeating: 1, count: 11), now: now) != nil)
    }

    @Test func shellsCompletePathsForFileOptions() {
        #expect(CompletionScript.bash(.auction).contains(#"--description-file|--image) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;"#))
        #expect(CompletionScript.zsh(.auction).contains("'--image[attach a PNG, JPEG or WebP image (repeat for more; up to 10, 5 MiB each)]:FILE:_files'"))
        #expect(CompletionScript.fish(.auction).contains("complete -c auction -n '__fish_seen_subcommand_from sell' -l image -r -F -d"))
    }
}
