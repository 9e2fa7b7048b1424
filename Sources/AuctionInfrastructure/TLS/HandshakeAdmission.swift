/// Which accepted connections may start a TLS handshake on one listener, as a value (no sockets):
/// a rate per address per second, a bound on handshakes in progress per address (a share of the
/// listener's total), and the total. When the total is full, a newcomer from an address holding
/// fewer than the address holding the most displaces that address's oldest handshake, so addresses
/// outside a flood still get in while the flooders share what is left.
struct HandshakeAdmission {
    /// What to do with one accepted connection.
    enum Decision: Equatable {
        /// Start handshake `id`; when `displacing` is set, drop that handshake first (its slot is freed).
        case start(id: UInt64, displacing: UInt64?)
        /// Drop the connection: the address started its handshakes for this second.
        case refusedByRate
        /// Drop the connection: the address holds its share of the handshakes in progress.
        case refusedForAddress
        /// Drop the connection: the listener is full and no address holds more than this one would.
        case refusedAsBusy
    }

    private let limits: TLSServerSettings.Limits
    private var window: (start: Int64, counts: [String: Int]) = (0, [:])
    /// Handshakes in progress by address, oldest first.
    private var byAddress: [String: [UInt64]] = [:]
    /// The address of each handshake in progress.
    private var addressOf: [UInt64: String] = [:]
    /// Addresses by how many handshakes they hold (1…share), to find the largest holder without a scan.
    private var holders: [Int: Set<String>] = [:]
    private var largestHolding = 0
    private var nextID: UInt64 = 1

    /// Admission under `limits`.
    init(limits: TLSServerSettings.Limits) {
        self.limits = limits
    }

    /// Handshakes in progress now.
    var inProgress: Int { addressOf.count }

    /// Handshakes `address` holds now.
    func holding(_ address: String) -> Int { byAddress[address]?.count ?? 0 }

    /// Decides on a connection from `address` accepted at `now` (the loop clock's milliseconds).
    mutating func admit(_ address: String, now: Int64) -> Decision {
        if now - window.start >= 1_000 || now < window.start { window = (now, [:]) }
        let started = window.counts[address, default: 0]
        guard started < limits.handshakesPerAddressPerSecond else { return .refusedByRate }
        let held = holding(address)
        guard held < limits.handshakesPerAddress else { return .refusedForAddress }
        var displaced: UInt64?
        if inProgress >= limits.maximumPendingHandshakes {
            guard largestHolding >= held + 2, let victimAddress = holders[largestHolding]?.first,
                  let victim = byAddress[victimAddress]?.first else { return .refusedAsBusy }
            end(victim)
            displaced = victim
        }
        window.counts[address] = started + 1
        let id = nextID
        nextID &+= 1
        addressOf[id] = address
        byAddress[address, default: []].append(id)
        move(address, from: held, to: held + 1)
        return .start(id: id, displacing: displaced)
    }

    /// Handshake `id` ended (either way); false when it had already ended (displaced).
    @discardableResult
    mutating func end(_ id: UInt64) -> Bool {
        guard let address = addressOf.removeValue(forKey: id) else { return false }
        var ids = byAddress[address] ?? []
        let held = ids.count
        ids.removeAll { $0 == id }
        byAddress[address] = ids.isEmpty ? nil : ids
        move(address, from: held, to: held - 1)
        return true
    }

    private mutating func move(_ address: String, from old: Int, to new: Int) {
        if old > 0 {
            holders[old]?.remove(address)
            if holders[old]?.isEmpty == true { holders[old] = nil }
        }
        if new > 0 { holders[new, default: []].insert(address) }
        if new > largestHolding { largestHolding = new }
        while largestHolding > 0, holders[largestHolding] == nil { largestHolding -= 1 }
    }
}
