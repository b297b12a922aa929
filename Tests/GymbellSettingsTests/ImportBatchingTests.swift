import FoundationEssentials
import GymbellCore
import GymbellFormats
import Testing

@testable import GymbellSettings

/// Issue 42: a large import goes in batches no larger than the bus takes — within one chunk of the
/// file too (a megabyte of a log holds thousands of short workouts: one chunk once made a 9 MB call).
@Suite("Import batches")
struct ImportBatchingTests {
    func strongLog(workouts: Int) throws -> String {
        var text = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"
        let newest = 1_795_000_000
        for w in 0..<workouts {
            let day = ISO8601.format(Date(timeIntervalSince1970: Double(newest - (workouts - w) * 3600)))
            let stamp = day.prefix(10) + " " + day.dropFirst(11).prefix(8)
            text += "\(stamp),W,Squat,1,100,5\n\(stamp),W,Squat,2,100,5\n"
        }
        let path = FileManager.default.temporaryDirectory.appending(path: "gymbell-batches-\(UUID().uuidString).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everyBatchKeepsToItsSizeAndTheLastIsSaid() throws {
        let path = try strongLog(workouts: 3_000)  // ~180 kB: one chunk
        let options = TrainingImport.Options(timeZone: .utc, now: Date(timeIntervalSince1970: 1_796_000_000))
        let plan = try ImportFile.scan(path, options: options)
        #expect(plan.workoutCount == 3_000)
        var sizes: [Int] = []
        var lasts: [Bool] = []
        _ = try ImportFile.importing(path, plan: plan, options: options, batching: .init(sessions: 250, bytes: 1_000_000)) { batch, last in
            sizes.append(batch.count)
            lasts.append(last)
            return ImportReport(addedSessions: batch.count, addedSets: batch.count * 2, alreadyThere: 0,
                                before: StateCounts(sessions: 0, sets: 0), after: StateCounts(sessions: 0, sets: 0))
        }
        #expect(sizes.allSatisfy { $0 <= 250 }, "\(sizes)")
        #expect(sizes.reduce(0, +) == 3_000)
        #expect(lasts.last == true && lasts.dropLast().allSatisfy { !$0 })
        // By bytes as well: 400 + 250 a set is about 900 bytes a workout.
        sizes = []
        _ = try ImportFile.importing(path, plan: plan, options: options, batching: .init(sessions: 10_000, bytes: 90_000)) { batch, _ in
            sizes.append(batch.count)
            return ImportReport(addedSessions: 0, addedSets: 0, alreadyThere: 0, before: StateCounts(sessions: 0, sets: 0), after: StateCounts(sessions: 0, sets: 0))
        }
        #expect(sizes.max() ?? 0 <= 100 && sizes.reduce(0, +) == 3_000, "\(sizes)")
    }
}
