import Glibc

/// Bound values laid out as `PQexecParams` wants them: text for numbers and strings, binary for bytes.
struct PostgresParameters {
    private var storage: [[CChar]?] = []
    private var lengths: [Int32] = []
    private var formats: [Int32] = []

    init(_ values: [StoreValue]) {
        for value in values {
            switch value {
            case .null:
                storage.append(nil)
                lengths.append(0)
                formats.append(0)
            case .integer(let number):
                append(text: String(number))
            case .real(let number):
                append(text: "\(number)")
            case .text(let text):
                append(text: text)
            case .blob(let bytes):
                storage.append(bytes.map { CChar(bitPattern: $0) })
                lengths.append(Int32(clamping: bytes.count))
                formats.append(1)
            }
        }
    }

    private mutating func append(text: String) {
        var characters = Array(text.utf8CString)
        let length = characters.count - 1
        if characters.isEmpty { characters = [0] }
        storage.append(characters)
        lengths.append(Int32(clamping: length))
        formats.append(0)
    }

    /// Calls `body` with the value pointers, lengths and formats (valid only inside it).
    func withPointers<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R) -> R {
        var copies: [UnsafeMutablePointer<CChar>?] = storage.map { value in
            guard let value else { return nil }
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(value.count, 1))
            value.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: value.count) }
            return copy
        }
        defer { copies.forEach { $0?.deallocate() } }
        return copies.withUnsafeMutableBufferPointer { pointers in
            pointers.baseAddress.map { base in
                base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: pointers.count) { rebound in
                    lengths.withUnsafeBufferPointer { lengths in
                        formats.withUnsafeBufferPointer { formats in
                            body(rebound, lengths.baseAddress, formats.baseAddress)
                        }
                    }
                }
            } ?? body(nil, nil, nil)
        }
    }
}
