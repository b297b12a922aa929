import Foundation
import GymbellCore
import GymbellStore

/// Telling the user about the state database: when state stops being saved (full disk, read-only,
/// locked) or a damaged database was replaced. Once per problem, with what to do.
extension Daemon {
    func tellStorageProblem(at now: Date) {
        guard let problem = store.problem else {
            if let told = toldStorageProblem {
                logger.notice("the state database is saved again", metadata: ["path": "\(told.database)"])
                toldStorageProblem = nil
                presenter.close { $0.kind == .storageProblem }
            }
            return
        }
        if let told = toldStorageProblem, told.isSame(as: problem) { return }
        toldStorageProblem = problem
        logger.error(
            "state database problem",
            metadata: [
                "problem": "\(problem.cause.rawValue)", "saving": "\(problem.saving)", "moved_to": "\(problem.movedTo ?? "-")",
                "detail": "\(problem.detail)",
            ])
        let text = messages.storageProblem(problem)
        presenter.close { $0.kind == .storageProblem }
        presenter.present(
            Reminder(id: ReminderID("storage-problem"), kind: .storageProblem, due: now, title: text.title, body: text.body), late: 0,
            accepted: {})
    }
}
