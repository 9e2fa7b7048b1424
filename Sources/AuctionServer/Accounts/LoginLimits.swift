import AuctionCore
import AuctionEngine

/// The limits on failed logins and registrations of `AccountService`: a value on an injected clock.
///
/// Failed logins are counted in token buckets per exact address, per network (`AddressPrefix`:
/// /24, /64) and per name-and-address pair. An attempt needs a token in each of its buckets that
/// no attempt still in flight has reserved (so parallel guesses cannot overrun a budget); a failure
/// then takes one from each. A guesser is thus stopped on its own address and network, while the
/// name's owner elsewhere still gets in. Across all addresses a name may fail `failedLoginsPerName`
/// times (those failures leak away evenly over the period); past that ceiling an attempt from a
/// network the name has not logged in from waits a delay after the name's last failure that doubles
/// with each further failure, up to `maximumLoginDelayMilliseconds`, one such attempt at a time.
/// Networks a name logged in from (or registered from) are not delayed: the owner is not locked out.
/// Registrations take a token per network before any work is done. Successful logins take a token
/// per name (`loginsPerName`): once a name's are spent, its logins wait before any hashing, whoever
/// sends them (a right-password flood cannot pile up sessions or crowd out other users' logins).
struct LoginLimits: Sendable {
    /// A login attempt's reserved keys, handed back to `release`.
    struct Ticket: Sendable {
        fileprivate var buckets: [(Bucket, String)]
        fileprivate var name: String
        fileprivate var network: String?
        fileprivate var holdsName: Bool
    }

    fileprivate enum Bucket: Sendable { case address, network, pair }

    /// Failures of one name across every address, leaking away evenly.
    private struct NameFailures: Sendable {
        var count: Int
        var updatedAt: Int64
        var lastFailureAt: Int64
    }

    private var byAddress: RateLimiter<String>
    private var byNetwork: RateLimiter<String>
    private var byPair: RateLimiter<String>
    private var registrations: RateLimiter<String>
    private var successes: RateLimiter<String>
    private var names: [String: NameFailures] = [:]
    private var knownNetworks: [String: [String]] = [:]
    private var inFlight: [String: Int] = [:]
    private let nameCeiling: Int
    private let leakMilliseconds: Int64
    private let maximumDelay: Int64
    private let maximumKeys: Int

    /// Networks remembered per name as ones it logged in from.
    static let knownNetworksPerName = 4
    /// The delay once a name reached its ceiling; it doubles with each further failure.
    static let firstDelayMilliseconds: Int64 = 1_000

    /// Limits as configured.
    init(configuration: AccountService.Configuration) {
        byAddress = RateLimiter(configuration: configuration.failedLoginsPerAddress)
        byNetwork = RateLimiter(configuration: configuration.failedLoginsPerNetwork)
        byPair = RateLimiter(configuration: configuration.failedLoginsPerNameAndAddress)
        registrations = RateLimiter(configuration: configuration.registrationsPerNetwork)
        successes = RateLimiter(configuration: configuration.loginsPerName)
        nameCeiling = configuration.failedLoginsPerName.capacity
        leakMilliseconds = max(1, configuration.failedLoginsPerName.periodMilliseconds / Int64(configuration.failedLoginsPerName.capacity))
        maximumDelay = max(Self.firstDelayMilliseconds, configuration.maximumLoginDelayMilliseconds)
        maximumKeys = configuration.failedLoginsPerName.maximumKeys
    }

    /// Reserves a login attempt of `name` from `address`; `.success` with the ticket to release,
    /// or `.failure` with the milliseconds to wait (at least a second).
    mutating func reserve(name: String, address: String?, now: Timestamp) -> Result<Ticket, LoginWait> {
        let network = address.map(AddressPrefix.network(of:))
        var buckets: [(Bucket, String)] = [(.pair, (address ?? "?") + " " + name)]
        if let address, let network { buckets += [(.address, address), (.network, network)] }
        var wait: Int64 = 0
        // The name's logins (right passwords too) are a cause apart: its refusal must not speak of failures.
        let nameWait = successes.allows(name, now: now) ? 0 : max(1_000, successes.retryAfterMilliseconds(name, now: now))
        for (bucket, key) in buckets {
            let limiter = self.limiter(bucket)
            guard limiter.available(key, now: now) <= inFlight[Self.flightKey(bucket, key), default: 0] else { continue }
            wait = max(wait, limiter.retryAfterMilliseconds(key, now: now), 1_000)
        }
        var holdsName = false
        if !isKnown(network, for: name), let failures = settled(name, now: now), failures.count >= nameCeiling {
            let excess = min(failures.count - nameCeiling, 30)
            let required = min(maximumDelay, Self.firstDelayMilliseconds << Int64(excess))
            let elapsed = max(0, now.millisecondsSinceEpoch - failures.lastFailureAt)
            if elapsed < required {
                wait = max(wait, required - elapsed)
            } else if inFlight["name " + name, default: 0] > 0 {
                wait = max(wait, 1_000)
            } else {
                holdsName = true
            }
        }
        guard wait == 0 && nameWait == 0 else {
            return .failure(LoginWait(milliseconds: max(wait, nameWait), isNameRate: nameWait > wait))
        }
        for (bucket, key) in buckets { inFlight[Self.flightKey(bucket, key), default: 0] += 1 }
        if holdsName { inFlight["name " + name, default: 0] += 1 }
        return .success(Ticket(buckets: buckets, name: name, network: network, holdsName: holdsName))
    }

    /// Ends an attempt. A failure takes a token from each of its buckets and counts against the
    /// name; a success remembers the network as one the name logs in from.
    mutating func release(_ ticket: Ticket, failed: Bool, succeeded: Bool, now: Timestamp) {
        for (bucket, key) in ticket.buckets { endFlight(Self.flightKey(bucket, key)) }
        if ticket.holdsName { endFlight("name " + ticket.name) }
        if failed {
            for (bucket, key) in ticket.buckets {
                switch bucket {
                case .address: _ = byAddress.take(key, now: now)
                case .network: _ = byNetwork.take(key, now: now)
                case .pair: _ = byPair.take(key, now: now)
                }
            }
            recordFailure(of: ticket.name, now: now)
        }
        if succeeded {
            remember(ticket.network, for: ticket.name)
            _ = successes.take(ticket.name, now: now)
        }
    }

    /// Takes a registration from `address`'s network; nil to go ahead, else the wait.
    mutating func reserveRegistration(address: String?, now: Timestamp) -> LoginWait? {
        guard let address else { return nil }
        let network = AddressPrefix.network(of: address)
        guard registrations.take(network, now: now) else {
            return LoginWait(milliseconds: max(1_000, registrations.retryAfterMilliseconds(network, now: now)))
        }
        return nil
    }

    /// Remembers a registration's network as the new name's own.
    mutating func registered(name: String, address: String?) {
        remember(address.map(AddressPrefix.network(of:)), for: name)
    }

    /// Forgets what no longer limits anyone (full buckets, names whose failures leaked away).
    mutating func prune(now: Timestamp) {
        byAddress.prune(now: now)
        byNetwork.prune(now: now)
        byPair.prune(now: now)
        registrations.prune(now: now)
        successes.prune(now: now)
        for name in names.keys { _ = settled(name, now: now) }
    }

    private func limiter(_ bucket: Bucket) -> RateLimiter<String> {
        switch bucket {
        case .address: byAddress
        case .network: byNetwork
        case .pair: byPair
        }
    }

    private static func flightKey(_ bucket: Bucket, _ key: String) -> String {
        switch bucket {
        case .address: "addr " + key
        case .network: "net " + key
        case .pair: "pair " + key
        }
    }

    private mutating func endFlight(_ key: String) {
        let left = inFlight[key, default: 1] - 1
        inFlight[key] = left > 0 ? left : nil
    }

    private func isKnown(_ network: String?, for name: String) -> Bool {
        guard let network else { return false }
        return knownNetworks[name]?.contains(network) ?? false
    }

    private mutating func remember(_ network: String?, for name: String) {
        guard let network else { return }
        var networks = knownNetworks[name] ?? []
        guard networks.first != network else { return }
        networks.removeAll { $0 == network }
        networks.insert(network, at: 0)
        if networks.count > Self.knownNetworksPerName { networks.removeLast() }
        // Forgetting known networks only makes their owners wait like anyone else under attack.
        if knownNetworks[name] == nil && knownNetworks.count >= maximumKeys { knownNetworks.removeAll() }
        knownNetworks[name] = networks
    }

    /// A name's failures after leaking what the time since passed allows; nil (and forgotten) when none are left.
    private mutating func settled(_ name: String, now: Timestamp) -> NameFailures? {
        guard var failures = names[name] else { return nil }
        let elapsed = now.millisecondsSinceEpoch - failures.updatedAt
        if elapsed >= leakMilliseconds {
            let leaked = elapsed / leakMilliseconds
            failures.count = leaked >= Int64(failures.count) ? 0 : failures.count - Int(leaked)
            failures.updatedAt += leaked * leakMilliseconds
        }
        guard failures.count > 0 else {
            names[name] = nil
            return nil
        }
        names[name] = failures
        return failures
    }

    private mutating func recordFailure(of name: String, now: Timestamp) {
        let at = now.millisecondsSinceEpoch
        var failures = settled(name, now: now) ?? NameFailures(count: 0, updatedAt: at, lastFailureAt: at)
        failures.count = failures.count < Int.max ? failures.count + 1 : failures.count
        failures.lastFailureAt = at
        if names[name] == nil && names.count >= maximumKeys { makeRoom(now: now) }
        names[name] = failures
    }

    /// Keeps the half of the names with the most failures: memory stays bounded and the names
    /// under attack stay delayed.
    private mutating func makeRoom(now: Timestamp) {
        for name in names.keys { _ = settled(name, now: now) }
        guard names.count >= maximumKeys else { return }
        let kept = names.sorted { $0.value.count > $1.value.count }.prefix(maximumKeys / 2)
        names = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }
}

/// How long a refused login or registration must wait.
struct LoginWait: Error, Sendable, Hashable {
    /// Milliseconds until trying again may succeed.
    var milliseconds: Int64
    /// Whether the longest wait is the name's own login rate (`logins_per_user`), not failed logins.
    var isNameRate = false
}
