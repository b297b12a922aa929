import Testing

/// GLib's default main context is one per process, and only one thread can run it at a time: a test
/// that runs it (a `MainLoop`, a bus connection, the notifier's callbacks) takes it with this trait.
/// The test targets all run in one process, side by side, so the turn is taken process-wide: every
/// test under `.mainContext`, in whichever test target, runs alone among them.
///
///     @Suite(.mainContext) struct DBusServiceTests { … }
public struct MainContextTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self  // each test case, not the suite as a whole
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await MainContextTurn.shared.take()
        do {
            try await function()
        } catch {
            await MainContextTurn.shared.give()
            throw error
        }
        await MainContextTurn.shared.give()
    }
}

extension Trait where Self == MainContextTrait {
    /// The test runs GLib's default main context: alone among the tests that do, in the whole process.
    public static var mainContext: Self { MainContextTrait() }
}

/// Whose turn it is on the default main context: the tests wait in the order they asked.
private actor MainContextTurn {
    static let shared = MainContextTurn()
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()  // the turn passes on, still taken
        }
    }
}
