import CCanberra
import Glibc
import GymbellPlatform
import Testing
@testable import GymbellSound

// A libcanberra whose sound server is never there: every ca_context_open fails, and is counted.
nonisolated(unsafe) private var opens = 0
nonisolated(unsafe) private var fakeContext = 0

private let unreachable = Canberra(
    ca_context_create: { out in
        withUnsafeMutablePointer(to: &fakeContext) { out!.pointee = OpaquePointer($0) }
        return Int32(CA_SUCCESS)
    },
    ca_context_change_props_full: { _, _ in Int32(CA_SUCCESS) },
    ca_context_open: { _ in
        opens += 1
        return Int32(CA_ERROR_NOTAVAILABLE)
    },
    ca_context_destroy: { _ in Int32(CA_SUCCESS) },
    ca_context_cache_full: { _, _ in Int32(CA_SUCCESS) },
    ca_context_play_full: { _, _, _, _, _ in Int32(CA_SUCCESS) },
    ca_context_playing: { _, _, playing in
        playing!.pointee = 0
        return Int32(CA_SUCCESS)
    },
    ca_proplist_create: { out in
        withUnsafeMutablePointer(to: &fakeContext) { out!.pointee = OpaquePointer($0) }
        return Int32(CA_SUCCESS)
    },
    ca_proplist_sets: { _, _, _ in Int32(CA_SUCCESS) },
    ca_proplist_destroy: { _ in Int32(CA_SUCCESS) },
    ca_strerror: { _ in UnsafePointer(strdup("Not available")!) })

@Suite("Sound helper: no sound server", .serialized)
struct CanberraBackoffTests {
    @Test func anUnreachableSoundServerIsNotAskedAgainAtEveryReminder() {
        opens = 0
        var problems: [String] = []
        let player = CanberraPlayer(api: unreachable, appName: "gymbell", appID: "gymbell", icon: "gymbell", report: { problems.append($0) }, played: {})
        player.prepare(SoundPlayer.Sound.themed("bell"))  // ahead of the reminder: one attempt
        for _ in 0..<10 { player.play(SoundPlayer.Sound.themed("bell")) }  // the reminders of a session: none
        #expect(opens == 1)
        #expect(problems.count == 1, "told once: \(problems)")
    }
}

@Suite("libcanberra, loaded when first used")
struct CanberraLibraryTests {
    @Test func itsTableFillsFromTheInstalledLibrary() throws {
        let canberra = try SharedLibrary.functions(of: Canberra.library, gb_canberra_functions_load)
        #expect(canberra.ca_strerror(0).map { String(cString: $0) } == "Success")
    }
}
