/// Frames a `SocketClient` sends first on every connect, before the session replay, and what it does
/// with their answers (e.g. the hello that tells which dialect the server speaks).
///
/// The frames go out together. Each is settled by its reply; by a reply to a *later* handshake frame
/// (a server answers one connection's frames in order, so an earlier frame passed over will never be
/// answered: this is how a server that ignores unknown types is told apart without waiting); or by
/// its deadline. Once every frame is settled, `completion` gets the replies in order (nil for the
/// unanswered), on the client's thread, and the replay starts.
public struct SocketHandshake: Sendable {
    /// The frames, in order (their completion ids are assigned by the client).
    public var frames: [Frame]
    /// How long each may wait for its answer.
    public var timeoutMilliseconds: Int64
    /// Called once per connection with the replies, in frame order.
    public var completion: @Sendable ([Frame?]) -> Void

    /// Creates a handshake.
    public init(frames: [Frame], timeoutMilliseconds: Int64, completion: @escaping @Sendable ([Frame?]) -> Void) {
        self.frames = frames
        self.timeoutMilliseconds = timeoutMilliseconds
        self.completion = completion
    }
}
