import FoundationEssentials

/// A session's detail as the state file keeps it (JSON, in the form Swift's Codable gives an enum:
/// `{"steps":{"_0":{…}}}`), read with what older gymbells wrote: a strength workout stored before it
/// ran as steps (`{"strength":{"_0":{…}}}`) carries on as steps where it stood.
public enum StoredSessionDetail {
    /// The detail in `json`, a session begun at `sessionStart`; nil when it is not one gymbell wrote.
    public static func decode(_ json: String, sessionStart: Date) -> SessionDetail? {
        let data = Data(json.utf8)
        if let detail = try? JSONDecoder().decode(SessionDetail.self, from: data) { return detail }
        guard let stored = try? JSONDecoder().decode(Legacy.self, from: data) else { return nil }
        return .steps(StepProgress(continuing: stored.strength.progress, sessionStart: sessionStart))
    }

    private struct Legacy: Decodable {
        struct Wrapped: Decodable {
            var progress: StoredStrengthProgress
            enum CodingKeys: String, CodingKey { case progress = "_0" }
        }
        var strength: Wrapped
    }
}
