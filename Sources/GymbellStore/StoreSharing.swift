import FoundationEssentials

/// The state file worked on from another thread while the daemon's loop goes on (issue 34: an import
/// or a restore must not hold up a reminder): a connection of its own, and the loop's changes held
/// in memory meanwhile so that it never waits for the other connection's lock.
public struct StoreSharing {
    let connection: StoreConnection
    let store: (StoreConnection) -> StateStore

    /// The same file through a connection of its own, for one other thread (an import, a restore, the
    /// state read again); nil while the state lives in memory. Closed with that store's `closeAnother`.
    public func another() -> StateStore? { connection.another().map(store) }

    /// Closes a store made by `another`.
    public func closeAnother() { connection.closeAnother() }

    /// While another connection writes a long transaction: changes wait in memory (StoreConnection.holdWrites).
    public func holdWrites() { connection.holdWrites() }

    /// The changes held since `holdWrites`, applied in one transaction.
    public func releaseHeldWrites() throws(StoreError) { try connection.releaseHeldWrites() }

    /// Changes made so far: a state read elsewhere is current if none was made since it began.
    public var writeCount: Int { connection.writeCount }
}
