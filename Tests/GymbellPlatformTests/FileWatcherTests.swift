import Foundation
import Testing

@testable import GymbellPlatform

extension MainContextTests {
    @Suite
    struct FileWatcherTests {
        private let directory: TemporaryDirectory
        private var file: String { directory.path + "/gymbell.toml" }

        init() throws {
            directory = try TemporaryDirectory()
        }

        @Test func writingTheFileInPlaceCallsBackOnce() throws {
            try write("a = 1\n", to: file)
            let count = try callbacks(watching: file) { _ in try write("a = 2\n", to: file) }
            #expect(count == 1)
        }

        @Test func replacingTheFileByARenameCallsBackOnce() throws {
            try write("a = 1\n", to: file)
            let count = try callbacks(watching: file) { _ in
                // An editor's atomic save: write a sibling, then rename it over the file.
                try write("a = 2\n", to: file + ".tmp")
                try #require(rename(file + ".tmp", file) == 0)
            }
            #expect(count == 1)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "a = 2\n")
        }

        @Test func creatingTheMissingFileCallsBackOnce() throws {
            let count = try callbacks(watching: file) { _ in try write("a = 1\n", to: file) }
            #expect(count == 1)
        }

        @Test func deletingTheFileCallsBackOnce() throws {
            try write("a = 1\n", to: file)
            let count = try callbacks(watching: file) { _ in try #require(unlink(file) == 0) }
            #expect(count == 1)
        }

        @Test func repointingASymlinkWithLnSfCallsBackOnce() throws {
            let link = directory.path + "/localtime"
            try write("TZif Paris", to: directory.path + "/Paris")
            try write("TZif Tokyo", to: directory.path + "/Tokyo")
            try #require(symlink(directory.path + "/Paris", link) == 0)
            let count = try callbacks(watching: link) { _ in
                try run("/bin/ln", ["-sf", directory.path + "/Tokyo", link])
            }
            #expect(count == 1)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == directory.path + "/Tokyo")
        }

        @Test func aBurstOfWritesCallsBackOnceAQuietPeriodAfterTheLast() throws {
            try write("n = 0\n", to: file)
            let loop = MainLoop()
            let start = ContinuousClock.now
            var calls: [Duration] = []
            let watcher = try FileWatcher(path: file) { calls.append(ContinuousClock.now - start) }
            defer { watcher.cancel() }
            // 10 writes 40 ms apart: each gap is shorter than the quiet period, the burst is longer.
            for n in 1...10 {
                loop.after(seconds: 0.04 * Double(n - 1)) { try? write("n = \(n)\n", to: file) }
            }
            loop.after(seconds: 1.2) { loop.quit() }
            loop.run()
            #expect(calls.count == 1)
            #expect(try #require(calls.first) >= .milliseconds(360 + 150))
        }

        @Test func anotherFileInTheSameDirectoryDoesNotCallBack() throws {
            try write("a = 1\n", to: file)
            let count = try callbacks(watching: file) { _ in
                try write("other\n", to: directory.path + "/other.toml")
                try #require(unlink(directory.path + "/other.toml") == 0)
            }
            #expect(count == 0)
        }

        @Test func cancellingStopsCallbacksEvenOneWaitingForItsQuietPeriod() throws {
            try write("a = 1\n", to: file)
            let loop = MainLoop()
            var count = 0
            let watcher = try FileWatcher(path: file) { count += 1 }
            try write("a = 2\n", to: file)
            loop.after(seconds: 0.05) { watcher.cancel() }  // the event has arrived, the call is pending
            loop.after(seconds: 0.1) { try? write("a = 3\n", to: file) }
            loop.after(seconds: 0.6) { loop.quit() }
            loop.run()
            watcher.cancel()
            #expect(count == 0)
        }

        @Test func aSiblingWhoseNameBeginsWithTheFilesDoesNotCallBack() throws {
            try write("a = 1\n", to: file)
            let count = try callbacks(watching: file) { _ in
                // An editor's swap and backup files beside the config.
                try write("swap\n", to: file + ".swp")
                try write("a = 1\n", to: file + "~")
            }
            #expect(count == 0)
        }

        @Test func aFileInAMissingDirectoryIsRefusedNamingIt() {
            #expect {
                try FileWatcher(path: directory.path + "/missing/gymbell.toml") {}
            } throws: { error in
                "\(error)".contains(directory.path + "/missing") && "\(error)".contains("No such file")
            }
        }

        @Test(arguments: [
            ("/home/a/.config/gymbell/config.toml", "/home/a/.config/gymbell", "config.toml"),
            ("/localtime", "/", "localtime"),
            ("config.toml", ".", "config.toml"),
        ])
        func theParentDirectoryIsWatchedForTheName(path: String, directory: String, name: String) {
            #expect(FileWatcher.split(path) == (directory, name))
        }

        @Test func anEmptyPathIsRefused() {
            #expect(throws: SystemError.self) { try FileWatcher(path: "") {} }
        }

        /// Watches `path`, runs `action`, runs the loop for `seconds`; returns the number of callbacks.
        private func callbacks(
            watching path: String, during seconds: Double = 0.8, _ action: (MainLoop) throws -> Void
        ) throws -> Int {
            let loop = MainLoop()
            var count = 0
            let watcher = try FileWatcher(path: path) { count += 1 }
            defer { watcher.cancel() }
            try action(loop)
            loop.after(seconds: seconds) { loop.quit() }
            loop.run()
            return count
        }
    }
}

/// A fresh directory under the system's temporary directory, removed with everything in it on release.
private final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gymbell-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Writes in place (open with O_TRUNC, write, close), as a program appending to a log or `echo >` does.
private func write(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard Glibc.write(fd, bytes, bytes.count) == bytes.count else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}

private func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(executable) \(arguments.joined(separator: " ")) failed")
}
