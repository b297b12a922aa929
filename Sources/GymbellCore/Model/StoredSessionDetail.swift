import FoundationEssentials

/// A session's detail as the state file keeps it (JSON, in the form Swift's Codable gives an enum:
/// `{"steps":{"_0":{…}}}`), read with what older gymbells wrote: a strength workout, HIIT or walk/run
/// stored before every workout ran as steps (`{"strength":{"_0":{…}}}`, `{"hiit":…}`, `{"walkRun":…}`)
/// carries on as steps where it stood.
public enum StoredSessionDetail {
    /// The detail in `json`, a session begun at `sessionStart`; nil when it is not one gymbell wrote.
    public static func decode(_ json: String, sessionStart: Date) -> SessionDetail? {
        let data = Data(json.utf8)
        if let detail = try? JSONDecoder().decode(SessionDetail.self, from: data) { return detail }
        guard let stored = try? JSONDecoder().decode(Legacy.self, from: data) else { return nil }
        if let strength = stored.strength {
            return .steps(StepProgress(continuing: strength.value, sessionStart: sessionStart))
        }
        // An interval session was planned whole from its start: its steps from there, as planned.
        guard let plan = stored.hiit.map({ IntervalPlan.hiit($0.value) }) ?? stored.walkRun.map({ IntervalPlan.walkRun($0.value) }) else { return nil }
        return .interval(plan, from: sessionStart)
    }

    private struct Legacy: Decodable {
        struct Wrapped<Value: Decodable>: Decodable {
            var value: Value
            enum CodingKeys: String, CodingKey { case value = "_0" }
        }
        var strength: Wrapped<StoredStrengthProgress>?
        var hiit: Wrapped<HIITPlan>?
        var walkRun: Wrapped<WalkRunPlan>?
    }
}
