/// Writes frames: the JSON envelope with every `/` escaped, then the splitter `/`.
public enum FrameEncoder {
    /// Appends one frame and its splitter.
    public static func encode(_ frame: Frame, into bytes: inout [UInt8]) {
        JSONWriter.appendLiteral("{\"dataType\":", to: &bytes)
        JSONWriter.appendInteger(Int64(frame.dataType), to: &bytes)
        if let completionID = frame.completionID {
            JSONWriter.appendLiteral(",\"completionId\":", to: &bytes)
            JSONWriter.appendInteger(completionID, to: &bytes)
        }
        JSONWriter.appendLiteral(",\"data\":", to: &bytes)
        frame.data.write(into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        bytes.append(WireProtocol.splitter)
    }

    /// One frame and its splitter as bytes.
    public static func encode(_ frame: Frame) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        encode(frame, into: &bytes)
        return bytes
    }
}
